import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** apps/web/dist, found from this file so it works from src/ (tsx, vitest) and from dist/ (bundle). */
const defaultWebDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const integerFromEnv = (min: number, max: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

const configSchema = z.object({
  PORT: integerFromEnv(0, 65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .refine((value) => value === '' || /^postgres(ql)?:\/\//.test(value), 'must start with postgres:// or postgresql://')
    .default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ACCESS_PASSWORD: z.string().default(''),
  TRUST_PROXY: booleanFromEnv.default(false),
  BODY_LIMIT_BYTES: integerFromEnv(1024, 1024 * 1024 * 1024).default(1048576),
  VISITOR_TOKEN_RATE_LIMIT: integerFromEnv(1, 1_000_000).default(20),
  VISITOR_TOKEN_TTL_DAYS: integerFromEnv(1, 3650).default(30),
  SHUTDOWN_TIMEOUT_MS: integerFromEnv(0, 600_000).default(10000),
  WEB_DIST_DIR: z.string().min(1).default(defaultWebDistDir),
  LLM_MODELS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((model) => model.trim())
        .filter(Boolean),
    ),
  DB_POOL_SIZE: integerFromEnv(1, 1000).default(10),
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
  LLM_CONTEXT_TOKENS: integerFromEnv(512, 2_000_000).default(8192),
  LLM_MAX_OUTPUT_TOKENS: integerFromEnv(16, 200_000).default(2048),
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
  /** Questions per minute per user or visitor. */
  CHAT_RATE_LIMIT: integerFromEnv(1, 1_000_000).default(30),
});

export type Config = z.output<typeof configSchema>;

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
    .safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  return parsed.data;
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
