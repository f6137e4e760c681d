import { z } from 'zod';

/**
 * POST /config: the chat configuration a user may see. No key, password or token ever
 * appears in it: URLs come with their user info and secret-looking query values redacted,
 * and only operators get the URLs at all.
 */
export const configPath = '/config';

export const configRequest = z.object({}).optional();

export const dayUsage = z.object({
  /** YYYY-MM-DD (UTC). */
  day: z.string(),
  promptTokens: z.number().int(),
  completionTokens: z.number().int(),
  messages: z.number().int(),
});
export type DayUsage = z.infer<typeof dayUsage>;

export const chatConfigData = z.object({
  /** "openai-compatible" when a model endpoint is set, else "offline" (the built-in responder). */
  provider: z.enum(['openai-compatible', 'offline']),
  model: z.string(),
  models: z.array(z.string()),
  /**
   * Whether the caller is an operator and so sees the model service's address and proxies
   * below; for everyone else they are null, since they may be internal addresses.
   */
  endpointsShown: z.boolean(),
  apiBaseUrl: z.string().nullable(),
  reverseProxy: z.string().nullable(),
  timeoutMs: z.number().int(),
  socksProxy: z.string().nullable(),
  httpsProxy: z.string().nullable(),
  /** This month (UTC), one entry per day with use. Null when the caller is not known. */
  usage: z.object({ month: z.string(), days: z.array(dayUsage) }).nullable(),
  /** The provider's reported balance, or null when it reports none. */
  balance: z.string().nullable(),
});
export type ChatConfigData = z.infer<typeof chatConfigData>;
