import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { cookieNamePattern, defaultSmsSignSecret, imageHostName, knowledgeLimits, sessionLimits } from '@parley/contracts';

// Through a variable: the browser transforms of Vite and Vitest (the web's component tests run
// this server in jsdom) rewrite the literal `new URL('…', import.meta.url)` into a page address.
const thisModule = import.meta.url;

/** apps/web/dist, found from this file so it works from src/ (tsx, vitest) and from dist/ (bundle). */
const defaultWebDistDir = fileURLToPath(new URL('../../web/dist', thisModule));

/** The bundled site pages, beside src/ and dist/ alike: the defaults behind SITE_CONTENT_DIR. */
export const builtInSiteContentDir = fileURLToPath(new URL('../content', thisModule));

const listFromEnv = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

/** Empty (the link is not shown) or an http(s) address. */
const optionalHttpUrl = z
  .string()
  .refine((value) => value === '' || /^https?:\/\//.test(value), 'must start with http:// or https://')
  .default('');

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const integerFromEnv = (min: number, max: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

/** The smallest context window a model may be given (a small llama-server runs with a few hundred tokens). */
const minContextTokens = 128;

/** LLM_MODELS' entries: a model's name, with its own context window when it gives one (`qwen3:8b=32768`). */
function modelEntries(value: string): { name: string; contextTokens?: number }[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const at = entry.lastIndexOf('=');
      if (at < 0) return { name: entry };
      return { name: entry.slice(0, at).trim(), contextTokens: Number(entry.slice(at + 1).trim()) };
    });
}

function isContextSize(value: number): boolean {
  return Number.isInteger(value) && value >= minContextTokens && value <= 2_000_000;
}

const configSchema = z.object({
  PORT: integerFromEnv(0, 65535).default(3000),
  // loopback unless told otherwise: a container sets HOST=0.0.0.0 (the Dockerfile does)
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .refine((value) => value === '' || /^postgres(ql)?:\/\//.test(value), 'must start with postgres:// or postgresql://')
    .default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ACCESS_PASSWORD: z.string().default(''),
  /** Bearer token for GET /metrics on the main listener; empty: the main listener does not serve /metrics. */
  METRICS_TOKEN: z.string().default(''),
  /** A separate listener serving only /metrics (e.g. for Prometheus on the same host); 0: none. */
  METRICS_PORT: integerFromEnv(0, 65535).default(0),
  /** Where the metrics listener binds: loopback unless the operator opens it. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** off: no /docs (the API page and its OpenAPI document); on: served, behind ACCESS_PASSWORD when one is set. */
  DOCS: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  TRUST_PROXY: booleanFromEnv.default(false),
  BODY_LIMIT_BYTES: integerFromEnv(1024, 1024 * 1024 * 1024).default(1048576),
  VISITOR_TOKEN_RATE_LIMIT: integerFromEnv(1, 1_000_000).default(20),
  VISITOR_TOKEN_TTL_DAYS: integerFromEnv(1, 3650).default(30),
  SHUTDOWN_TIMEOUT_MS: integerFromEnv(0, 600_000).default(10000),
  /** After SIGTERM, running answers may finish this long before they are ended as interrupted (below SHUTDOWN_TIMEOUT_MS). */
  SHUTDOWN_STREAM_GRACE_MS: integerFromEnv(0, 600_000).default(5000),
  /** false: this instance never runs background jobs (others sharing the database do). */
  JOBS_ENABLED: booleanFromEnv.default(true),
  /** How often an idle instance looks for due background jobs. */
  JOB_POLL_MS: integerFromEnv(50, 600_000).default(1000),
  /** A running job not heartbeated this long belonged to a dead instance and is taken again. */
  JOB_LEASE_MS: integerFromEnv(1000, 3_600_000).default(30_000),
  /** Background jobs one instance runs at once. */
  JOB_CONCURRENCY: integerFromEnv(1, 64).default(2),
  /** Largest knowledge file one upload may carry (bytes); also the multipart limit of the upload call. */
  KNOWLEDGE_MAX_FILE_BYTES: integerFromEnv(1024, 1024 * 1024 * 1024).default(knowledgeLimits.maxFileBytes),
  /** Total size of the files one agent may hold (bytes). */
  KNOWLEDGE_MAX_AGENT_BYTES: integerFromEnv(1024, 100 * 1024 * 1024 * 1024).default(knowledgeLimits.maxAgentBytes),
  /** A PDF with more pages than this fails processing. */
  KNOWLEDGE_MAX_PDF_PAGES: integerFromEnv(1, 100_000).default(knowledgeLimits.maxPdfPages),
  /** Reading one knowledge file (in a worker thread) longer than this fails it. */
  KNOWLEDGE_PARSE_TIMEOUT_MS: integerFromEnv(100, 3_600_000).default(knowledgeLimits.parseTimeoutMs),
  /** The heap of the worker thread reading one knowledge file; a file needing more fails. */
  KNOWLEDGE_PARSE_MEMORY_MB: integerFromEnv(32, 65_536).default(knowledgeLimits.parseMemoryMb),
  WEB_DIST_DIR: z.string().min(1).default(defaultWebDistDir),
  /** Ports besides 80 and 443 that the prompt import may fetch a list from (comma-separated). */
  PROMPT_IMPORT_PORTS: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((port) => port.trim()).filter(Boolean))
    .pipe(z.array(z.coerce.number<string>({ error: 'must be a port (1-65535)' }).int('must be a port (1-65535)').min(1, 'must be a port (1-65535)').max(65535, 'must be a port (1-65535)'))),
  /** Models offered, comma-separated; `name=tokens` gives a model its own context window (else LLM_CONTEXT_TOKENS). */
  LLM_MODELS: z
    .string()
    .default('')
    .refine((value) => modelEntries(value).every((entry) => entry.contextTokens === undefined || isContextSize(entry.contextTokens)), {
      message: `a model's context size (name=tokens) must be a whole number from ${minContextTokens} to 2000000`,
    })
    .transform((value) => modelEntries(value).map((entry) => entry.name)),
  DB_POOL_SIZE: integerFromEnv(1, 1000).default(10),
  /** transaction: DATABASE_URL is a pooler in transaction mode (PgBouncer), so no statement is prepared by name. */
  DATABASE_POOL_MODE: z.enum(['session', 'transaction'], { error: 'must be session or transaction' }).default('session'),
  /** OpenAI-compatible endpoint (OpenAI, DeepSeek, Qwen, Ollama, vLLM, llama.cpp); empty: offline responder. */
  LLM_BASE_URL: z
    .string()
    .refine((value) => value === '' || /^https?:\/\//.test(value), 'must start with http:// or https://')
    .default(''),
  LLM_API_KEY: z.string().default(''),
  /** Until the first byte of an answer; the stall limit covers gaps after that. */
  LLM_TIMEOUT_MS: integerFromEnv(1000, 600_000).default(60_000),
  LLM_STALL_TIMEOUT_MS: integerFromEnv(500, 600_000).default(30_000),
  /** Prompt budget in tokens: earlier turns are dropped, oldest first, to fit. */
  LLM_CONTEXT_TOKENS: integerFromEnv(minContextTokens, 2_000_000).default(8192),
  LLM_MAX_OUTPUT_TOKENS: integerFromEnv(16, 200_000).default(2048),
  /** The longest answer kept, in characters: a model that runs on past it is cut there, the text so far kept. */
  LLM_MAX_ANSWER_CHARS: integerFromEnv(1000, 10_000_000).default(100_000),
  /**
   * Embedding model for knowledge search (e.g. text-embedding-3-small, bge-m3); empty: full-text
   * search only. Served by the OpenAI-compatible POST /embeddings of EMBEDDING_BASE_URL with
   * EMBEDDING_API_KEY, each falling back to LLM_BASE_URL / LLM_API_KEY when unset.
   */
  EMBEDDING_MODEL: z.string().default(''),
  EMBEDDING_BASE_URL: z
    .string()
    .refine((value) => value === '' || /^https?:\/\//.test(value), 'must start with http:// or https://')
    .default(''),
  EMBEDDING_API_KEY: z.string().default(''),
  /**
   * The cosine similarity from which a passage found by embeddings is used in answers (each
   * model has its own range: about 0.4 to 0.5 suits OpenAI's text-embedding-3 models).
   */
  EMBEDDING_MIN_SIMILARITY: z.coerce
    .number({ error: 'must be a number' })
    .min(0, 'must be between 0 and 1')
    .max(1, 'must be between 0 and 1')
    .default(0.5),
  /** One /embeddings request, question or batch of chunks. */
  EMBEDDING_TIMEOUT_MS: integerFromEnv(500, 600_000).default(10_000),
  HTTPS_PROXY: z
    .string()
    .refine((value) => value === '' || /^https?:\/\//.test(value), 'must start with http:// or https://')
    .default(''),
  SOCKS_PROXY: z
    .string()
    .refine((value) => value === '' || /^socks[45h]*:\/\//.test(value), 'must start with socks5:// or socks4://')
    .default(''),
  /** Pause between offline-responder chunks, so it streams like a model (0 in tests). */
  OFFLINE_STREAM_DELAY_MS: integerFromEnv(0, 1000).default(12),
  /** Messages a visitor may send per UTC day; logged-in users have no daily cap. */
  VISITOR_DAILY_MESSAGES: integerFromEnv(0, 1_000_000).default(50),
  /** Shared state for several instances (rate limits, counters, streams); empty: all in process. */
  REDIS_URL: z
    .string()
    .refine((value) => value === '' || /^rediss?:\/\//.test(value), 'must start with redis:// or rediss://')
    .default(''),
  /**
   * A Redis Cluster instead of one Redis: some of its nodes, comma-separated, as host:port or
   * redis://[:password@]host:port (rediss:// for TLS); the rest are discovered. Wins over REDIS_URL.
   */
  REDIS_CLUSTER_NODES: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((node) => node.trim()).filter(Boolean))
    .pipe(z.array(z.string().regex(/^(rediss?:\/\/([^@/]*@)?)?[^:/@]+:\d{1,5}\/?$/, 'each node must be host:port or redis://host:port'))),
  /** A client that went away mid-answer may resume this long; then an unwatched answer stops. */
  RESUME_GRACE_MS: integerFromEnv(0, 600_000).default(15_000),
  /**
   * Object storage for uploaded files (avatars, knowledge files): any S3-compatible service, used
   * when S3_BUCKET is set; unset, files stay in the database as before. S3_ENDPOINT is empty for
   * AWS itself, or a MinIO, R2, Ceph … address; S3_FORCE_PATH_STYLE addresses the bucket in the
   * path (MinIO and most self-hosted services need it). Without keys the SDK's own credential
   * chain applies (AWS_* variables, an instance role).
   */
  S3_BUCKET: z
    .string()
    .refine((value) => value === '' || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(value), 'must be a bucket name: 3-63 lower-case letters, digits, dots and hyphens')
    .default(''),
  S3_ENDPOINT: z
    .string()
    .refine((value) => value === '' || /^https?:\/\/[^/\s]+/.test(value), 'must start with http:// or https://')
    .default(''),
  S3_REGION: z.string().regex(/^[a-z0-9-]+$/, 'must be a region name such as us-east-1').default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().default(''),
  S3_SECRET_ACCESS_KEY: z.string().default(''),
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
  /** Questions per minute per user or visitor. */
  CHAT_RATE_LIMIT: integerFromEnv(1, 1_000_000).default(30),
  /** Where SMS codes go: `console` logs them (development delivery), `http` posts them to SMS_GATEWAY_URL. */
  SMS_SENDER: z.enum(['console', 'http']).default('console'),
  SMS_GATEWAY_URL: z
    .string()
    .refine((value) => value === '' || /^https?:\/\//.test(value), 'must start with http:// or https://')
    .default(''),
  /** Sent as `Authorization: Bearer <token>` to the gateway. */
  SMS_GATEWAY_TOKEN: z.string().default(''),
  SMS_GATEWAY_TIMEOUT_MS: integerFromEnv(100, 120_000).default(10_000),
  /** The SMS request signature secret; the web client ships the contracts default. */
  SMS_SIGN_SECRET: z.string().min(8, 'must be at least 8 characters').default(defaultSmsSignSecret),
  USER_TOKEN_TTL_DAYS: integerFromEnv(1, 3650).default(sessionLimits.tokenTtlDays),
  /** Monthly token totals that send the user a usage notification when crossed. */
  USAGE_NOTIFY_TOKENS: z
    .string()
    .default('100000,1000000')
    .transform((value) =>
      value
        .split(',')
        .map((item) => Number(item.trim()))
        .filter((item) => Number.isInteger(item) && item > 0)
        .sort((a, b) => a - b),
    ),
  /** Live-preview questions per minute per user on the agent create screen. */
  AGENT_PREVIEW_RATE_LIMIT: integerFromEnv(1, 1_000_000).default(10),
  /** OpenAI-compatible moderation endpoint (…/v1) checked when an agent is published and in chats (MODERATION_CHAT); empty: keyword list only. */
  MODERATION_BASE_URL: z
    .string()
    .refine((value) => value === '' || /^https?:\/\//.test(value), 'must start with http:// or https://')
    .default(''),
  MODERATION_API_KEY: z.string().default(''),
  MODERATION_MODEL: z.string().min(1).default('omni-moderation-latest'),
  MODERATION_TIMEOUT_MS: integerFromEnv(500, 120_000).default(10_000),
  /** Send uploaded avatars to the moderation endpoint too (it must take image inputs, as omni-moderation does). */
  MODERATION_CHECK_IMAGES: booleanFromEnv.default(false),
  /**
   * What of a chat the content check (keyword list, then MODERATION_BASE_URL) reads: `off`,
   * `input` (questions, refused before they are saved or reach a model) or `both` (answers too,
   * cut when flagged). Chats use the keyword list operators saved, not the shipped one, so the
   * default `input` does nothing until they save a list or set MODERATION_BASE_URL.
   */
  MODERATION_CHAT: z.enum(['off', 'input', 'both'], { error: 'must be off, input or both' }).default('input'),
  /** The main site's broker pages; `{id}` and `{kw}` are filled in by the right panel. */
  BROKER_SITE_URL: z.string().refine((value) => /^https?:\/\//.test(value), 'must start with http:// or https://').default('https://www.example.com'),
  BROKER_DETAIL_PATH: z.string().default('/dealer/{id}'),
  BROKER_SEARCH_PATH: z.string().default('/search?keyword={kw}'),
  /** Ranking/search data scrambling (obfuscation only: the browser is given both). */
  DATA_CIPHER_KEY: z.string().min(8, 'must be at least 8 characters').default('parley-rankings-key'),
  DATA_CIPHER_IV: z.string().min(8, 'must be at least 8 characters').default('parley-rankings-iv'),
  /** Region gate: the host it runs on (empty: off), the cookie that skips it, the countries sent to /unsupport. */
  REGION_PRIMARY_HOST: z.string().default(''),
  REGION_IGNORE_COOKIE: z.string().regex(cookieNamePattern, 'must be a cookie name').default('ignore_ip'),
  REGION_BLOCKED_CODES: listFromEnv.default(['CN']),
  /** A country header set by a trusted CDN (e.g. cf-ipcountry); read only with TRUST_PROXY on. */
  REGION_COUNTRY_HEADER: z.string().default(''),
  /** A MaxMind GeoLite2/GeoIP2 Country (or City) .mmdb file. */
  MAXMIND_DB_PATH: z
    .string()
    .refine((value) => value === '' || existsSync(value), 'no such file')
    .default(''),
  /** Sidebar links (open in a new tab) and contact details. */
  LINK_PLATFORM_URL: optionalHttpUrl,
  LINK_COMPLAINTS_URL: optionalHttpUrl,
  LINK_SERVICE_URL: optionalHttpUrl,
  LINK_ENTERPRISE_URL: optionalHttpUrl,
  LINK_OLD_VERSION_URL: optionalHttpUrl,
  LINK_DOWNLOAD_URL: optionalHttpUrl,
  CONTACT_QQ: z.string().default(''),
  CONTACT_MAIL: z.string().default(''),
  /**
   * Hosts whose images load inline in answers, agent texts and shared conversations, and that the
   * CSP lets images come from (as https://<host>); images from other hosts show as a link instead.
   */
  IMAGE_HOSTS_ALLOWED: listFromEnv
    .transform((hosts) => hosts.map((host) => host.toLowerCase()))
    .pipe(z.array(imageHostName))
    .default([]),
  /** Operator-editable Markdown for /usage, /private and /aboutUs: <dir>/<slug>/<locale>.md; missing files fall back to the bundled ones. */
  /** On the first start with an empty database, load demo brokers, rankings, ads and agents (marked as demo). */
  DEMO_DATA: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  SITE_CONTENT_DIR: z.string().min(1).default(builtInSiteContentDir),
});

export type Config = z.output<typeof configSchema> & {
  /** The context windows LLM_MODELS gives its models by name; a model without one has LLM_CONTEXT_TOKENS. */
  modelContextTokens?: Readonly<Record<string, number>>;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads the configuration from environment-like values. Empty strings count as unset for
 * settings with a default, so `PORT=` in a .env file falls back instead of failing.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const input: Record<string, string> = {};
  for (const key of Object.keys(configSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') input[key] = value;
  }
  const parsed = configSchema
    .refine((config) => !hasModelProvider(config) || config.LLM_MODELS.length > 0, {
      path: ['LLM_MODELS'],
      message: 'name at least one model when LLM_BASE_URL or LLM_API_KEY is set',
    })
    .refine((config) => config.SHUTDOWN_STREAM_GRACE_MS < config.SHUTDOWN_TIMEOUT_MS || config.SHUTDOWN_TIMEOUT_MS === 0, {
      path: ['SHUTDOWN_STREAM_GRACE_MS'],
      message: 'must be less than SHUTDOWN_TIMEOUT_MS, so answers are saved before the process exits',
    })
    .refine((config) => config.SMS_SENDER !== 'http' || config.SMS_GATEWAY_URL !== '', {
      path: ['SMS_GATEWAY_URL'],
      message: 'set the gateway URL when SMS_SENDER is http',
    })
    .refine((config) => config.S3_BUCKET !== '' || !s3SettingsGiven(config), {
      path: ['S3_BUCKET'],
      message: 'set the bucket the files go to, or leave every S3_ setting empty to keep files in the database',
    })
    .refine((config) => (config.S3_ACCESS_KEY_ID === '') === (config.S3_SECRET_ACCESS_KEY === ''), {
      path: ['S3_SECRET_ACCESS_KEY'],
      message: 'set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together, or neither (the SDK then finds credentials itself)',
    })
    .safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const modelContextTokens = Object.fromEntries(
    modelEntries(input.LLM_MODELS ?? '').flatMap((entry) => (entry.contextTokens === undefined ? [] : [[entry.name, entry.contextTokens]])),
  );
  return { ...parsed.data, modelContextTokens };
}

/** Some setting of object storage other than the bucket was given (the region has a default, so it does not count). */
function s3SettingsGiven(config: Pick<Config, 'S3_ENDPOINT' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'>): boolean {
  return config.S3_ENDPOINT !== '' || config.S3_ACCESS_KEY_ID !== '' || config.S3_SECRET_ACCESS_KEY !== '' || config.S3_FORCE_PATH_STYLE;
}

/** A model service is configured: an endpoint, or an API key for OpenAI's own endpoint. */
export function hasModelProvider(config: Pick<Config, 'LLM_BASE_URL' | 'LLM_API_KEY'>): boolean {
  return config.LLM_BASE_URL !== '' || config.LLM_API_KEY !== '';
}

/** Name of the built-in responder that answers from knowledge when no model service is set. */
export const offlineModel = 'offline';

/** The model named by POST /session: the first configured one, or the built-in offline responder. */
export function defaultModel(config: Pick<Config, 'LLM_MODELS' | 'LLM_BASE_URL' | 'LLM_API_KEY'>): string {
  return hasModelProvider(config) ? (config.LLM_MODELS[0] ?? offlineModel) : offlineModel;
}
