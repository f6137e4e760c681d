import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, defaultModel, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('fills every setting with its default', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      ACCESS_PASSWORD: '',
      TRUST_PROXY: false,
      BODY_LIMIT_BYTES: 1048576,
      VISITOR_TOKEN_RATE_LIMIT: 20,
      VISITOR_TOKEN_TTL_DAYS: 30,
      SHUTDOWN_TIMEOUT_MS: 10000,
      LLM_MODELS: [],
      DB_POOL_SIZE: 10,
      LLM_BASE_URL: '',
      LLM_TIMEOUT_MS: 60000,
      LLM_STALL_TIMEOUT_MS: 30000,
      LLM_CONTEXT_TOKENS: 8192,
      VISITOR_DAILY_MESSAGES: 50,
      METRICS_TOKEN: '',
      METRICS_PORT: 0,
      METRICS_HOST: '127.0.0.1',
      DOCS: 'on',
      PROMPT_IMPORT_PORTS: [],
      MODERATION_CHAT: 'input',
    });
  });

  it('finds apps/web/dist from the repository, whatever the working directory', () => {
    const expected = path.resolve(import.meta.dirname, '../../web/dist');
    expect(loadConfig({}).WEB_DIST_DIR).toBe(expected);
  });

  it('reads overrides and treats empty values as unset', () => {
    const config = loadConfig({
      PORT: '8080',
      TRUST_PROXY: 'true',
      LLM_MODELS: ' deepseek-chat ,, qwen-max ',
      LLM_BASE_URL: 'https://api.deepseek.com/v1',
      DATABASE_URL: 'postgres://u@h/db',
      LOG_LEVEL: '',
    });
    expect(config.PORT).toBe(8080);
    expect(config.TRUST_PROXY).toBe(true);
    expect(config.LLM_MODELS).toEqual(['deepseek-chat', 'qwen-max']);
    expect(config.LOG_LEVEL).toBe('info');
    expect(defaultModel(config)).toBe('deepseek-chat');
    expect(defaultModel(loadConfig({}))).toBe('offline');
  });

  it('answers offline when models are named but no model service is configured', () => {
    expect(defaultModel(loadConfig({ LLM_MODELS: 'deepseek-chat' }))).toBe('offline');
  });

  it("gives a model its own context window with name=tokens, and takes windows as small as a small llama-server's", () => {
    const config = loadConfig({ LLM_MODELS: 'qwen3:8b=32768, gpt-4o-mini, tiny=128', LLM_CONTEXT_TOKENS: '600' });
    expect(config.LLM_MODELS).toEqual(['qwen3:8b', 'gpt-4o-mini', 'tiny']);
    expect(config.modelContextTokens).toEqual({ 'qwen3:8b': 32768, tiny: 128 });
    expect(config.LLM_CONTEXT_TOKENS).toBe(600);
    expect(loadConfig({ LLM_CONTEXT_TOKENS: '128' }).LLM_CONTEXT_TOKENS).toBe(128);
    expect(() => loadConfig({ LLM_CONTEXT_TOKENS: '127' })).toThrow(/LLM_CONTEXT_TOKENS: must be at least 128/);
    expect(() => loadConfig({ LLM_MODELS: 'big=lots' })).toThrow(/LLM_MODELS: a model's context size \(name=tokens\) must be a whole number from 128/);
    expect(() => loadConfig({ LLM_MODELS: 'small=64' })).toThrow(/LLM_MODELS: a model's context size/);
  });

  it('keeps answers up to 100,000 characters unless told otherwise', () => {
    expect(loadConfig({}).LLM_MAX_ANSWER_CHARS).toBe(100_000);
    expect(loadConfig({ LLM_MAX_ANSWER_CHARS: '5000' }).LLM_MAX_ANSWER_CHARS).toBe(5000);
    expect(() => loadConfig({ LLM_MAX_ANSWER_CHARS: '10' })).toThrow(/LLM_MAX_ANSWER_CHARS: must be at least 1000/);
  });

  it('needs a model name once a model service is configured', () => {
    expect(() => loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1' })).toThrow(/LLM_MODELS: name at least one model/);
    expect(() => loadConfig({ LLM_BASE_URL: 'ftp://models' , LLM_MODELS: 'm' })).toThrow(/LLM_BASE_URL: must start with http/);
  });

  it('names every bad value in one clear error', () => {
    const load = () => loadConfig({ PORT: 'eighty', TRUST_PROXY: 'maybe', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/PORT: must be a whole number/);
    expect(load).toThrow(/TRUST_PROXY: must be true or false/);
    expect(load).toThrow(/DATABASE_URL: must start with postgres:\/\//);
    expect(load).toThrow(/LOG_LEVEL: /);
  });

  it('reads the extra prompt-import ports and refuses anything that is not a port', () => {
    expect(loadConfig({ PROMPT_IMPORT_PORTS: '8080, 8443' }).PROMPT_IMPORT_PORTS).toEqual([8080, 8443]);
    expect(() => loadConfig({ PROMPT_IMPORT_PORTS: '8080, http' })).toThrow(/PROMPT_IMPORT_PORTS\.1: must be a port \(1-65535\)/);
    expect(() => loadConfig({ PROMPT_IMPORT_PORTS: '70000' })).toThrow(/PROMPT_IMPORT_PORTS\.0: must be a port \(1-65535\)/);
    expect(() => loadConfig({ DOCS: 'maybe' })).toThrow(/DOCS: must be on or off/);
    expect(() => loadConfig({ MODERATION_CHAT: 'answers' })).toThrow(/MODERATION_CHAT: must be off, input or both/);
  });

  it('checks the region gate and broker site settings', () => {
    const config = loadConfig({ REGION_BLOCKED_CODES: 'CN, HK ,', REGION_PRIMARY_HOST: 'www.example.org' });
    expect(config).toMatchObject({ REGION_BLOCKED_CODES: ['CN', 'HK'], REGION_IGNORE_COOKIE: 'ignore_ip' });
    expect(loadConfig({}).REGION_BLOCKED_CODES).toEqual(['CN']);
    expect(() => loadConfig({ MAXMIND_DB_PATH: '/nonexistent/country.mmdb' })).toThrow(/MAXMIND_DB_PATH: no such file/);
    expect(() => loadConfig({ REGION_IGNORE_COOKIE: 'a b' })).toThrow(/REGION_IGNORE_COOKIE: must be a cookie name/);
    expect(() => loadConfig({ BROKER_SITE_URL: 'javascript:alert(1)' })).toThrow(/BROKER_SITE_URL: must start with http/);
  });

  it('allows images from no other host by default, and reads the allowed hosts as lower-case host names', () => {
    expect(loadConfig({}).IMAGE_HOSTS_ALLOWED).toEqual([]);
    expect(loadConfig({ IMAGE_HOSTS_ALLOWED: ' CDN.example.com , images.example.org,' }).IMAGE_HOSTS_ALLOWED).toEqual(['cdn.example.com', 'images.example.org']);
    expect(() => loadConfig({ IMAGE_HOSTS_ALLOWED: 'cdn.example.com,https://images.example.org' })).toThrow(
      /IMAGE_HOSTS_ALLOWED\.1: https:\/\/images\.example\.org is not a host name/,
    );
    expect(() => loadConfig({ IMAGE_HOSTS_ALLOWED: 'cdn.example.com/logos' })).toThrow(/IMAGE_HOSTS_ALLOWED\.0: .* is not a host name/);
  });

  it('leaves embeddings off by default and checks their settings', () => {
    expect(loadConfig({})).toMatchObject({ EMBEDDING_MODEL: '', EMBEDDING_BASE_URL: '', EMBEDDING_API_KEY: '', EMBEDDING_MIN_SIMILARITY: 0.5, EMBEDDING_TIMEOUT_MS: 10000 });
    expect(loadConfig({ EMBEDDING_MIN_SIMILARITY: '0.35' }).EMBEDDING_MIN_SIMILARITY).toBe(0.35);
    expect(() => loadConfig({ EMBEDDING_MIN_SIMILARITY: '1.5' })).toThrow(/EMBEDDING_MIN_SIMILARITY: must be between 0 and 1/);
    expect(() => loadConfig({ EMBEDDING_MIN_SIMILARITY: 'high' })).toThrow(/EMBEDDING_MIN_SIMILARITY: must be a number/);
    expect(() => loadConfig({ EMBEDDING_BASE_URL: 'ftp://embeddings' })).toThrow(/EMBEDDING_BASE_URL: must start with http/);
    expect(() => loadConfig({ EMBEDDING_TIMEOUT_MS: '10' })).toThrow(/EMBEDDING_TIMEOUT_MS: must be at least 500/);
  });
  it('talks to PostgreSQL directly and to one Redis unless told of a pooler or a Redis Cluster', () => {
    expect(loadConfig({})).toMatchObject({ DATABASE_POOL_MODE: 'session', REDIS_CLUSTER_NODES: [] });
    expect(loadConfig({ DATABASE_POOL_MODE: 'transaction' }).DATABASE_POOL_MODE).toBe('transaction');
    expect(() => loadConfig({ DATABASE_POOL_MODE: 'statement' })).toThrow(/DATABASE_POOL_MODE: must be session or transaction/);
    expect(loadConfig({ REDIS_CLUSTER_NODES: ' 10.0.0.1:7000, redis://:secret@10.0.0.2:7001 ,' }).REDIS_CLUSTER_NODES).toEqual([
      '10.0.0.1:7000',
      'redis://:secret@10.0.0.2:7001',
    ]);
    expect(() => loadConfig({ REDIS_CLUSTER_NODES: '10.0.0.1' })).toThrow(/REDIS_CLUSTER_NODES\.0: each node must be host:port/);
    expect(() => loadConfig({ REDIS_CLUSTER_NODES: 'http://10.0.0.1:7000' })).toThrow(/REDIS_CLUSTER_NODES\.0: each node must be host:port/);
  });

  it('keeps files in the database until S3_BUCKET names a bucket, and reads the object storage settings', () => {
    expect(loadConfig({})).toMatchObject({ S3_BUCKET: '', S3_ENDPOINT: '', S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: '', S3_SECRET_ACCESS_KEY: '', S3_FORCE_PATH_STYLE: false });
    const minio = loadConfig({
      S3_BUCKET: 'parley-files',
      S3_ENDPOINT: 'http://minio:9000',
      S3_REGION: 'eu-central-1',
      S3_ACCESS_KEY_ID: 'parley',
      S3_SECRET_ACCESS_KEY: 'parley-secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(minio).toMatchObject({ S3_BUCKET: 'parley-files', S3_ENDPOINT: 'http://minio:9000', S3_REGION: 'eu-central-1', S3_FORCE_PATH_STYLE: true });
    // on AWS itself an instance role may give the credentials: a bucket alone is enough
    expect(loadConfig({ S3_BUCKET: 'parley-files' }).S3_BUCKET).toBe('parley-files');
  });

  it('refuses object storage settings that cannot work together, saying what to set', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' })).toThrow(
      /S3_BUCKET: set the bucket the files go to, or leave every S3_ setting empty/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'parley', S3_ACCESS_KEY_ID: 'parley' })).toThrow(
      /S3_SECRET_ACCESS_KEY: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together, or neither/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'Parley_Files' })).toThrow(/S3_BUCKET: must be a bucket name/);
    expect(() => loadConfig({ S3_BUCKET: 'parley', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT: must start with http:\/\/ or https:\/\//);
    expect(() => loadConfig({ S3_BUCKET: 'parley', S3_FORCE_PATH_STYLE: 'sometimes' })).toThrow(/S3_FORCE_PATH_STYLE: must be true or false/);
    expect(() => loadConfig({ S3_BUCKET: 'parley', S3_REGION: 'EU Central' })).toThrow(/S3_REGION: must be a region name/);
  });
});
