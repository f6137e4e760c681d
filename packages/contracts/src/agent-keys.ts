import { z } from 'zod';

/**
 * API keys to an agent: other software reaches the agent through the OpenAI-compatible
 * `/v1/chat/completions` with one (contracts openai-api.ts). The agent's owner makes, lists
 * and revokes its keys; operators list and revoke any. A key's secret is shown once, when it is
 * made; only its hash is kept. Paths are relative to `/api` (signed-in users): visitors get
 * LOGIN_REQUIRED, and someone else's agent or key is NOT_FOUND.
 */
export const agentKeyPaths = {
  /** GET {appId}: the agent's keys, newest first, revoked ones included. */
  list: '/core/app/keys',
  /** POST: a new key; the answer carries its secret, the only time it is shown. */
  create: '/core/app/keys/create',
  /** POST {id}: the key stops working at once. */
  revoke: '/core/app/keys/revoke',
  /** GET: operators only, every agent's keys. */
  all: '/core/app/keys/all',
} as const;

export const agentKeyLimits = {
  nameMaxChars: 40,
  /** Keys an agent may have that are not revoked. */
  activePerAgent: 10,
  ratePerMinute: { min: 1, max: 600, default: 60 },
  monthlyTokens: { min: 1_000, max: 1_000_000_000, default: 1_000_000 },
  /** Characters of the key shown in lists (after the `pk_` marker). */
  prefixChars: 8,
} as const;

/** Secrets start with this, so a leaked key is recognisable (and scanners can look for it). */
export const agentKeyMarker = 'pk_';

const id = z.uuid({ error: 'must be a valid id' });

export const agentKey = z.object({
  id: z.string(),
  appId: z.string(),
  /** The agent's name, for the operators' list. */
  appName: z.string(),
  name: z.string(),
  /** The start of the secret (`pk_` and a few characters), to tell keys apart. */
  prefix: z.string(),
  ratePerMinute: z.number().int(),
  /** Null: no monthly budget. */
  monthlyTokens: z.number().int().nullable(),
  /** Tokens used this calendar month (UTC). */
  tokensThisMonth: z.number().int(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type AgentKey = z.infer<typeof agentKey>;

export const agentKeysQuery = z.object({ appId: id });
export const agentKeysData = z.object({ keys: z.array(agentKey) });
export type AgentKeysData = z.infer<typeof agentKeysData>;

export const createAgentKeyRequest = z.object({
  appId: id,
  name: z
    .string({ error: 'Give the key a name' })
    .trim()
    .min(1, 'Give the key a name')
    .max(agentKeyLimits.nameMaxChars, `At most ${agentKeyLimits.nameMaxChars} characters`),
  ratePerMinute: z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(agentKeyLimits.ratePerMinute.min, `at least ${agentKeyLimits.ratePerMinute.min}`)
    .max(agentKeyLimits.ratePerMinute.max, `at most ${agentKeyLimits.ratePerMinute.max}`)
    .default(agentKeyLimits.ratePerMinute.default),
  /** Null: no monthly budget. */
  monthlyTokens: z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(agentKeyLimits.monthlyTokens.min, `at least ${agentKeyLimits.monthlyTokens.min}`)
    .max(agentKeyLimits.monthlyTokens.max, `at most ${agentKeyLimits.monthlyTokens.max}`)
    .nullable()
    .default(agentKeyLimits.monthlyTokens.default),
});
export type CreateAgentKeyRequest = z.input<typeof createAgentKeyRequest>;

export const createdAgentKeyData = z.object({
  key: agentKey,
  /** The whole key: shown now, never again. */
  secret: z.string(),
});
export type CreatedAgentKeyData = z.infer<typeof createdAgentKeyData>;

export const revokeAgentKeyRequest = z.object({ id });
export const revokedAgentKeyData = z.object({ key: agentKey });
