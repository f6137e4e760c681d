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
  const parsed = configSchema.safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  return parsed.data;
}

/** The model named by POST /session: the first configured one, or the built-in offline responder. */
export function defaultModel(config: Pick<Config, 'LLM_MODELS'>): string {
  return config.LLM_MODELS[0] ?? 'offline';
}
