import { z } from 'zod';
import { agentLimits } from './agents.js';
import { streamErrorKind } from './stream-error-kind.js';

/**
 * The console's model service page (`/admin/models`): the models and services the server is
 * set up with (never a key or a secret), a live check of each, their failures today, and the
 * keyword list of the content check. Paths are relative to `/api`; operators only.
 */
export const adminModelsPaths = {
  /** GET: the set-up, and today's answers and failures by model. */
  overview: '/admin/models',
  /** POST {service, model?}: asks the model service or the embedding service something tiny, now. */
  check: '/admin/models/check',
  /** GET: the blocked-keyword list in force. */
  keywords: '/admin/models/keywords',
  /** POST {keywords}: adds words to the list (audited as keywords.update). */
  addKeywords: '/admin/models/keywords/add',
  /** POST {keywords}: takes words off the list (audited as keywords.update). */
  removeKeywords: '/admin/models/keywords/remove',
  /** POST {text}: whether a text contains a listed word, and which one. */
  testKeywords: '/admin/models/keywords/test',
} as const;

export const adminModelsLimits = {
  /** The live check gives up after this long, or the service's own timeout if shorter. */
  checkTimeoutMs: 15_000,
  testTextMaxChars: 8000,
  modelNameMaxChars: 200,
} as const;

const modelUse = z.object({
  /** Answers asked of the model today (UTC) that have ended. */
  answers: z.number().int(),
  /** Of those, the ones the model service failed (contracts upstreamErrorKinds). */
  upstreamErrors: z.number().int(),
});
export type ModelUse = z.infer<typeof modelUse>;

export const modelsOverview = z.object({
  chat: z.object({
    /** `offline`: no model service is set up; the built-in responder answers from the knowledge. */
    provider: z.enum(['openai-compatible', 'offline']),
    /** LLM_BASE_URL as operators see it on /config (user info and secret-looking query values redacted); null when unset. */
    baseUrl: z.string().nullable(),
    /** Whether LLM_API_KEY is set (the key itself is never sent). */
    apiKeySet: z.boolean(),
    defaultModel: z.string(),
    /** LLM_MODELS in order, each with its context window and today's use. */
    models: z.array(z.object({ name: z.string(), contextTokens: z.number().int(), today: modelUse })),
    /** Models answers were asked of today that LLM_MODELS does not name (any more). */
    otherModelsToday: z.array(z.object({ name: z.string(), today: modelUse })),
    timeoutMs: z.number().int(),
    stallTimeoutMs: z.number().int(),
    maxOutputTokens: z.number().int(),
    httpsProxy: z.string().nullable(),
    socksProxy: z.string().nullable(),
  }),
  embedding: z.object({
    /** EMBEDDING_MODEL; null when hybrid search is off (full-text search only). */
    model: z.string().nullable(),
    baseUrl: z.string().nullable(),
    apiKeySet: z.boolean(),
    timeoutMs: z.number().int(),
    minSimilarity: z.number(),
  }),
  moderation: z.object({
    /** MODERATION_CHAT: what of a chat the content check reads. */
    chat: z.enum(['off', 'input', 'both']),
    /** The moderation endpoint (MODERATION_BASE_URL); null: the keyword list only. */
    baseUrl: z.string().nullable(),
    model: z.string(),
    timeoutMs: z.number().int(),
    checkImages: z.boolean(),
  }),
});
export type ModelsOverview = z.infer<typeof modelsOverview>;

export const checkedServices = ['model', 'embedding'] as const;
export type CheckedService = (typeof checkedServices)[number];

export const serviceCheckRequest = z.object({
  service: z.enum(checkedServices, { error: `must be one of ${checkedServices.join(', ')}` }),
  /** The model to ask (one of LLM_MODELS); the default model when absent. Only for `model`. */
  model: z.string().trim().min(1, 'cannot be empty').max(adminModelsLimits.modelNameMaxChars).optional(),
});
export type ServiceCheckRequest = z.input<typeof serviceCheckRequest>;

export const serviceCheckResult = z.object({
  service: z.enum(checkedServices),
  /** `not_configured`: there is no such service to ask (offline mode, or no EMBEDDING_MODEL). */
  state: z.enum(['ok', 'failed', 'not_configured']),
  model: z.string().nullable(),
  /** How long the service took to answer (its first text, or the vector); null unless it answered. */
  ms: z.number().int().nullable(),
  /** What went wrong, when it failed: the kind, the HTTP status, and the words a person reads. */
  failure: z.object({ kind: streamErrorKind, status: z.number().int().nullable(), message: z.string() }).nullable(),
  /** The length of the vector the embedding service sent; null otherwise. */
  dimensions: z.number().int().nullable(),
  checkedAt: z.iso.datetime({ offset: true }),
});
export type ServiceCheckResult = z.infer<typeof serviceCheckResult>;

const keyword = z
  .string({ error: 'must be text' })
  .trim()
  .min(1, 'A keyword cannot be empty')
  .max(agentLimits.keywordMaxChars, `A keyword can be at most ${agentLimits.keywordMaxChars} characters`);

export const keywordList = z.object({
  /** The words in force, as listed (matching folds case and width). */
  keywords: z.array(z.string()),
  /** False while operators have saved no list: the shipped one keeps agents from being published, and chats are not checked against it. */
  saved: z.boolean(),
  /** Whether chat questions (and with MODERATION_CHAT=both, answers) are checked against the list now. */
  checksChats: z.boolean(),
});
export type KeywordList = z.infer<typeof keywordList>;

export const changeKeywordsRequest = z.object({
  keywords: z.array(keyword).min(1, 'Name at least one keyword').max(agentLimits.keywordsMax, `At most ${agentLimits.keywordsMax} keywords`),
});
export type ChangeKeywordsRequest = z.input<typeof changeKeywordsRequest>;

/** The list after a change, and what the change did (words already listed, or not listed, are left as they were). */
export const keywordsChange = keywordList.extend({
  added: z.array(z.string()),
  removed: z.array(z.string()),
});
export type KeywordsChange = z.infer<typeof keywordsChange>;

export const testKeywordsRequest = z.object({
  text: z
    .string({ error: 'must be text' })
    .min(1, 'Type a text to test')
    .max(adminModelsLimits.testTextMaxChars, `Use at most ${adminModelsLimits.testTextMaxChars} characters`),
});
export type TestKeywordsRequest = z.input<typeof testKeywordsRequest>;

export const keywordsTestResult = z.object({
  /** The listed word found in the text (the first in list order), or null. */
  matched: z.string().nullable(),
  /** An agent with this text could not be published. */
  blocksPublishing: z.boolean(),
  /** A chat question with this text would be refused now (the list is saved and MODERATION_CHAT is not off). */
  refusesInChat: z.boolean(),
});
export type KeywordsTestResult = z.infer<typeof keywordsTestResult>;
