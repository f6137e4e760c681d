import { z } from 'zod';
import { chatLimits, defaultChatParams } from './chats.js';
import { avatarPathPattern } from './images.js';

/**
 * Agents (智能体): community-made AI apps. Creating, editing, deleting and previewing them,
 * discover and "my agents". Paths are relative to `/api` and
 * `/api/visitor`; the server mounts each under both, and the calls that change an agent refuse
 * visitors with LOGIN_REQUIRED. Agents history and chatting with an agent are the chat calls
 * of chats.ts (`getHistories`, `completions` with `appId` ...); sharing is in agent-shares.ts.
 */
export const agentPaths = {
  create: '/core/app/create',
  update: '/core/app/update',
  delete: '/core/app/delete',
  /** The full configuration, for the edit screen; the owner only. */
  detail: '/core/app/detail',
  discover: '/core/app/discover',
  mine: '/core/app/mine',
  models: '/core/app/models',
  avatars: '/core/app/avatars',
  /** Answers a question as a draft configuration would, as an SSE stream; nothing is saved. */
  preview: '/core/app/preview',
  /**
   * Saves an agent the content check kept from public (create without `id`, update with it) as
   * private, waiting for an operator's review; one the check lets through is simply published.
   */
  requestReview: '/core/app/requestReview',
} as const;

export const agentCategories = [
  'general',
  'forex',
  'investing',
  'education',
  'writing',
  'productivity',
  'lifestyle',
  'fun',
] as const;
export const agentCategory = z.enum(agentCategories, { error: 'Choose one of the categories' });
export type AgentCategory = z.infer<typeof agentCategory>;

export const agentVisibilities = ['private', 'unlisted', 'public'] as const;
/** private: the owner only; unlisted: anyone with the link; public: listed in discover. */
export const agentVisibility = z.enum(agentVisibilities, { error: 'Choose private, unlisted or public' });

/**
 * How an agent answers when its knowledge has no passage above the relevance threshold. open:
 * the model may answer from general knowledge (saying the knowledge base did not cover it);
 * strict: the agent says it has no reliable source, without asking the model.
 */
export const agentKnowledgeModes = ['open', 'strict'] as const;
export type AgentKnowledgeMode = (typeof agentKnowledgeModes)[number];
export const agentKnowledgeMode = z.enum(agentKnowledgeModes, { error: 'Choose open or strict' });
export type AgentVisibility = z.infer<typeof agentVisibility>;

export const agentLimits = {
  nameMaxChars: 40,
  introMaxChars: 200,
  systemPromptMaxChars: chatLimits.systemMessageMaxChars,
  openingMessageMaxChars: 500,
  suggestedQuestionsMax: 4,
  suggestedQuestionMaxChars: 100,
  temperature: { min: 0, max: 2, default: defaultChatParams.temperature },
  top_p: { min: 0, max: 1, default: defaultChatParams.top_p },
  hideReasonMaxChars: 500,
  keywordsMax: 10_000,
  keywordMaxChars: 50,
  discoverPageSize: 24,
  discoverPageSizeMax: 60,
  searchMaxChars: 50,
  mineMax: 200,
  /** Earlier preview turns sent along with a preview question. */
  previewTurnsMax: 20,
} as const;

const id = z.uuid({ error: 'must be a valid id' });
const isoDate = z.iso.datetime({ offset: true });

/**
 * An avatar is an uploaded image (`/files/images/<id>`, see images.ts) or a built-in one
 * (`/files/avatars/<key>.svg`, from the avatars call). Remote addresses are refused.
 */
export const agentAvatarUrl = z
  .string({ error: 'avatarUrl must be a string' })
  .regex(avatarPathPattern, 'Upload a picture or choose one of the built-in avatars');

/**
 * Temperature and top_p are kept to two decimals: no model tells finer steps apart, and the
 * database keeps them as `real`, where a value like 5e-324 would not fit.
 */
const toHundredths = (value: number) => Math.round(value * 100) / 100;

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .min(1, `Please enter ${label.toLowerCase()}`)
    .max(max, `${label} can be at most ${max} characters`);

const optionalText = (label: string, max: number) =>
  z.string({ error: `${label} must be text` }).trim().max(max, `${label} can be at most ${max} characters`);

/**
 * What the create/edit form sends. Validation failures come back as VALIDATION with
 * `data: [{ path, message }]`, one entry per field (`path` as `name`, `suggestedQuestions.2`).
 */
export const agentInput = z.object({
  name: requiredText('Name', agentLimits.nameMaxChars),
  intro: requiredText('Description', agentLimits.introMaxChars),
  avatarUrl: agentAvatarUrl.nullable().default(null),
  category: agentCategory.default('general'),
  systemPrompt: requiredText('Role prompt', agentLimits.systemPromptMaxChars),
  /** Null: the configured default model. Must be one of the models call's list. */
  model: z
    .string({ error: 'model must be text' })
    .min(1)
    .max(100)
    .nullable()
    .default(null)
    // the API document lists the models this server offers (LLM_MODELS) here
    .meta({ 'x-configured-models': true }),
  temperature: z
    .number({ error: 'temperature must be a number' })
    .min(agentLimits.temperature.min, 'temperature must be between 0 and 2')
    .max(agentLimits.temperature.max, 'temperature must be between 0 and 2')
    .transform(toHundredths)
    .nullable()
    .default(null),
  top_p: z
    .number({ error: 'top_p must be a number' })
    .min(agentLimits.top_p.min, 'top_p must be between 0 and 1')
    .max(agentLimits.top_p.max, 'top_p must be between 0 and 1')
    .transform(toHundredths)
    .nullable()
    .default(null),
  openingMessage: optionalText('Opening message', agentLimits.openingMessageMaxChars).default(''),
  suggestedQuestions: z
    .array(requiredText('Suggested question', agentLimits.suggestedQuestionMaxChars))
    .max(agentLimits.suggestedQuestionsMax, `At most ${agentLimits.suggestedQuestionsMax} suggested questions`)
    .default([]),
  visibility: agentVisibility.default('private'),
  /**
   * strict: answer only from the agent's knowledge, otherwise say there is no reliable source;
   * open: may also answer from general knowledge. Left out: 'open' for a new agent, unchanged on
   * update (so a form without the choice keeps it).
   */
  knowledgeMode: agentKnowledgeMode.optional(),
});
export type AgentInput = z.input<typeof agentInput>;

/** POST create: answers the saved agent (`agentDetail`). Public runs the content check first. */
export const createAgentRequest = agentInput;
export type CreateAgentRequest = z.input<typeof createAgentRequest>;

/** POST update {id, ...the whole form}: replaces the configuration; the owner only. */
export const updateAgentRequest = agentInput.extend({ id });
export type UpdateAgentRequest = z.input<typeof updateAgentRequest>;

/** POST requestReview {id?, ...the whole form}: as create (no id) or update (id), for a form the content check refused. */
export const requestAgentReviewRequest = agentInput.extend({ id: id.optional() });
export type RequestAgentReviewRequest = z.input<typeof requestAgentReviewRequest>;

/** POST delete {id}: the owner only; its knowledge and share number go, others' chats stay readable. */
export const deleteAgentRequest = z.object({ id });

/** GET detail {id}: the owner only (others get NOT_FOUND for private agents, FORBIDDEN otherwise). */
export const agentDetailQuery = z.object({ id });

/** The numbers shown on cards and in my agents. */
export const agentFigures = z.object({
  /** Chats ever started with the agent. */
  conversations: z.number().int(),
  /** Distinct people (users and visitors) who chatted with it, the creator not counted. */
  users: z.number().int(),
  good: z.number().int(),
  bad: z.number().int(),
  /** good / (good + bad); null before any feedback. */
  likeRatio: z.number().nullable(),
});
export type AgentFigures = z.infer<typeof agentFigures>;

/** The full configuration, as the edit screen fills its form. */
export const agentDetail = z.object({
  id: z.string(),
  name: z.string(),
  intro: z.string(),
  avatarUrl: z.string().nullable(),
  category: agentCategory,
  systemPrompt: z.string(),
  model: z.string().nullable(),
  /** Null: not fixed by the agent; each user's own setting (or the default) applies. */
  temperature: z.number().nullable(),
  top_p: z.number().nullable(),
  openingMessage: z.string(),
  suggestedQuestions: z.array(z.string()),
  visibility: agentVisibility,
  knowledgeMode: agentKnowledgeMode,
  /** Hidden by an operator: nobody else can open it; the owner still can, and can edit it. */
  hidden: z.boolean(),
  hiddenReason: z.string().nullable(),
  /** Held by the content check and waiting, as private, for an operator's review (requestReview); null otherwise. */
  reviewRequestedAt: isoDate.nullable(),
  /** Its share number once one was made (agent-shares.ts). */
  shareNum: z.string().nullable(),
  figures: agentFigures,
  publishedAt: isoDate.nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type AgentDetail = z.infer<typeof agentDetail>;

/** An agent as a discover card shows it. */
export const agentCard = z.object({
  id: z.string(),
  name: z.string(),
  intro: z.string(),
  avatarUrl: z.string().nullable(),
  category: agentCategory,
  creatorName: z.string().nullable(),
  figures: agentFigures,
  publishedAt: isoDate.nullable(),
});
export type AgentCard = z.infer<typeof agentCard>;

export const discoverSorts = ['popular', 'newest', 'rating'] as const;
export const discoverSort = z.enum(discoverSorts, { error: 'sort must be popular, newest or rating' });
export type DiscoverSort = z.infer<typeof discoverSort>;

/**
 * GET discover {q?, category?, sort, cursor?, pageSize}: public agents (not hidden). `q` finds
 * words of the name and description, Chinese and English. Infinite scroll: pass the answer's
 * `nextCursor` back as `cursor`; null means the end.
 */
export const discoverQuery = z.object({
  q: z.string().trim().max(agentLimits.searchMaxChars, `A search can be at most ${agentLimits.searchMaxChars} characters`).optional(),
  category: agentCategory.optional(),
  sort: discoverSort.default('popular'),
  cursor: z.string().max(200).optional(),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int()
    .min(1)
    .max(agentLimits.discoverPageSizeMax, `pageSize must be at most ${agentLimits.discoverPageSizeMax}`)
    .default(agentLimits.discoverPageSize),
});
export type DiscoverQuery = z.input<typeof discoverQuery>;
export const discoverPage = z.object({ list: z.array(agentCard), nextCursor: z.string().nullable() });
export type DiscoverPage = z.infer<typeof discoverPage>;

/** GET mine: the caller's agents, last edited first (at most `agentLimits.mineMax`). */
export const myAgentsData = z.object({ list: z.array(agentDetail) });
export type MyAgentsData = z.infer<typeof myAgentsData>;

/** GET models: what an agent's `model` may be; `defaultModel` is used when it is null. */
export const agentModelsData = z.object({
  models: z.array(z.string()),
  defaultModel: z.string(),
  /** No model service is configured: the built-in offline responder answers from knowledge. */
  offline: z.boolean(),
});
export type AgentModelsData = z.infer<typeof agentModelsData>;

/** GET avatars: the built-in avatars; `url` is what `avatarUrl` takes. */
export const builtInAvatarsData = z.object({ list: z.array(z.object({ key: z.string(), url: z.string() })) });
export type BuiltInAvatarsData = z.infer<typeof builtInAvatarsData>;

/**
 * POST preview: try a draft before saving it (logged-in users only, rate-limited). `draft` is
 * the form as it is (validated like create except that name, description and prompt may still be
 * empty; visibility ignored, no content check); `turns` are
 * the earlier preview messages, oldest first; `appId` (an agent of the caller) lets the answer
 * use that agent's knowledge. Answers as SSE with the events of sse.ts: `start` (chatId '' and
 * ids that are not saved), `delta`*, `citations`?, `usage`, then `done` or `error`.
 */
export const previewAgentRequest = z.object({
  /** Like the form, but a draft may be tried before it has a name, description or prompt. */
  draft: agentInput.extend({
    name: optionalText('Name', agentLimits.nameMaxChars).default(''),
    intro: optionalText('Description', agentLimits.introMaxChars).default(''),
    systemPrompt: optionalText('Role prompt', agentLimits.systemPromptMaxChars).default(''),
  }),
  appId: id.optional(),
  turns: z
    .array(z.object({ role: z.enum(['user', 'assistant']), content: z.string().max(chatLimits.questionMaxChars * 2) }))
    .max(agentLimits.previewTurnsMax, `At most ${agentLimits.previewTurnsMax} earlier messages`)
    .default([]),
  content: z
    .string({ error: 'content must be a string' })
    .trim()
    .min(1, 'Please type a question')
    .max(chatLimits.questionMaxChars, `A question can be at most ${chatLimits.questionMaxChars} characters`),
});
export type PreviewAgentRequest = z.input<typeof previewAgentRequest>;

/**
 * `data` of a CONTENT_BLOCKED refusal (publishing to public): which fields were refused and
 * why. `source` says whether the keyword list or the moderation service refused.
 */
export const contentBlockedData = z.array(
  z.object({
    path: z.string(),
    message: z.string(),
    source: z.enum(['keywords', 'moderation']),
    /** The keyword-list word found (source `keywords`), for a client to quote in its own language. */
    word: z.string().optional(),
  }),
);
export type ContentBlockedData = z.infer<typeof contentBlockedData>;
