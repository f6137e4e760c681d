import { z } from 'zod';
import { chatLimits } from './values/chats.js';
import { streamErrorKind } from './stream-error-kind.js';
import { chatChannel } from './widget.js';
export { chatPaths, chatLimits, defaultChatParams, streamErrorKinds } from './values/chats.js';

/**
 * Chats with the official assistant (智能客服) and with agents (智能体): paths, payloads and
 * data. Paths are relative to `/api` (user token) and `/api/visitor` (visitor token); the
 * server mounts each under both.
 */

const id = z.uuid({ error: 'must be a valid id' });
const appIdField = id;
const chatIdField = id;
const isoDate = z.iso.datetime({ offset: true });

const pageNumber = z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1');

/** The app a chat is with, as the chat header and the message avatars show it. */
export const chatAppInfo = z.object({
  id: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  intro: z.string(),
  openingMessage: z.string(),
  suggestedQuestions: z.array(z.string()),
  isOfficial: z.boolean(),
  /** Creator's username; null for the official assistant or once the creator is gone. */
  creatorName: z.string().nullable(),
  /** This caller can send nothing new (see `closedBecause`); old chats stay readable. */
  deleted: z.boolean(),
  /**
   * Why the caller can send nothing new: its owner deleted it, an operator hid it, or its owner
   * made it private again. Null while it takes questions.
   */
  closedBecause: z.enum(['deleted', 'hidden', 'private']).nullable(),
  /** In its owner's view only: an operator hid the agent; its owner can still chat with it, nobody else can. */
  hiddenByOperator: z.boolean(),
});
export type ChatAppInfo = z.infer<typeof chatAppInfo>;

/**
 * Which model answers in a chat with an app, and whether the caller may pick it. There is no
 * choice when the agent names its own model, when fewer than two models are offered, or offline.
 */
export const chatModelChoice = z.object({
  /** The models the caller may pick for the chat (of LLM_MODELS); empty when there is no choice. */
  models: z.array(z.string()),
  /** The model that answers when none is picked: the agent's own, else the configured default. */
  defaultModel: z.string(),
});
export type ChatModelChoice = z.infer<typeof chatModelChoice>;

/**
 * A request's pick of the model for its chat, saved with the chat: one of `chatModelChoice.models`
 * (the model the chat answers with anyway is taken too). Null clears the pick; absent keeps it.
 */
const modelPick = z
  .string({ error: 'model must be text' })
  .min(1, 'model cannot be empty')
  .max(100, 'model can be at most 100 characters')
  .nullable()
  .optional()
  // the API document lists the models this server offers (LLM_MODELS) here
  .meta({ 'x-configured-models': true });

/** A knowledge source an answer used. */
export const citation = z.object({
  chunkId: z.string(),
  fileId: z.string().nullable(),
  fileName: z.string(),
  heading: z.string().nullable(),
  page: z.number().int().nullable(),
  excerpt: z.string(),
  score: z.number(),
});
export type Citation = z.infer<typeof citation>;

export const chatItemStatus = z.enum(['done', 'streaming', 'stopped', 'error']);
export type ChatItemStatus = z.infer<typeof chatItemStatus>;

export const chatItem = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  status: chatItemStatus,
  /** Why an answer ended in error, in words a user understands. */
  error: z.string().nullable(),
  /** Why an answer ended in error, by kind, so the client can say it in the user's language; null when unknown. */
  errorKind: streamErrorKind.nullable(),
  /** What a reasoning model thought before answering; null when it showed no thinking. Never sent back as context. */
  reasoning: z.string().nullable(),
  /** How long it thought, in milliseconds. */
  reasoningMs: z.number().int().nullable(),
  /** Of completionTokens, those spent thinking, when the service reported them. */
  reasoningTokens: z.number().int().nullable(),
  /** The answer stopped at the output limit; it can be continued. */
  cutShort: z.boolean(),
  citations: z.array(citation),
  /** The model that wrote an answer, as the model service named it; null for questions and canned replies. */
  model: z.string().nullable(),
  /** The model the answer was asked of (one of LLM_MODELS); it may differ from `model` behind a router. */
  requestedModel: z.string().nullable(),
  promptTokens: z.number().int(),
  completionTokens: z.number().int(),
  userGoodFeedback: z.boolean(),
  userBadFeedback: z.boolean(),
  customFeedbacks: z.array(z.string()),
  createdAt: isoDate,
});
export type ChatItem = z.infer<typeof chatItem>;

/** One entry of a history list (official conversations and agents history alike). */
export const chatHistoryItem = z.object({
  chatId: z.string(),
  appId: z.string(),
  title: z.string(),
  top: z.boolean(),
  updateTime: isoDate,
  appName: z.string(),
  appAvatarUrl: z.string().nullable(),
  appDeleted: z.boolean(),
});
export type ChatHistoryItem = z.infer<typeof chatHistoryItem>;

export const historyPage = z.object({
  list: z.array(chatHistoryItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
export type HistoryPage = z.infer<typeof historyPage>;

/** The official assistant is type 0; the only type today. */
const officialType = z.coerce
  .number()
  .int()
  .pipe(z.literal(0, { error: 'type must be 0 (the official assistant)' }))
  .meta({ type: 'integer', enum: [0] });

/** GET /home/init {type}: the official assistant as the home page shows it. */
export const homeInitQuery = z.object({ type: officialType.default(0) });
export const homeInitData = z.object({ app: chatAppInfo, modelChoice: chatModelChoice });
export type HomeInitData = z.infer<typeof homeInitData>;

/** GET /session/get {type: 0}: the caller's current (most recent) official chat, if any. */
export const sessionGetQuery = z.object({ type: officialType.default(0) });
export const sessionGetData = z.object({
  chatId: z.string().nullable(),
  appId: z.string(),
  title: z.string().nullable(),
  updateTime: isoDate.nullable(),
});
export type SessionGetData = z.infer<typeof sessionGetData>;

/** GET /conversation/list {page, pageSize}: the caller's official assistant conversations. */
export const conversationListQuery = z.object({
  page: pageNumber.default(1),
  pageSize: pageNumber.max(chatLimits.historyPageSizeMax, `must be at most ${chatLimits.historyPageSizeMax}`).default(20),
});
export type ConversationListQuery = z.infer<typeof conversationListQuery>;

/** GET /core/chat/init {appId, chatId, type}: the app and, when chatId is given, its latest messages. */
export const chatInitQuery = z.object({
  appId: appIdField.optional(),
  chatId: chatIdField.optional(),
  type: z.coerce.number().int().optional(),
});
export type ChatInitQuery = z.infer<typeof chatInitQuery>;
export const chatInitData = z.object({
  app: chatAppInfo,
  modelChoice: chatModelChoice,
  chat: z
    .object({
      id: z.string(),
      title: z.string(),
      top: z.boolean(),
      updateTime: isoDate,
      /** The model picked for this chat; null: none (`modelChoice.defaultModel` answers). */
      model: z.string().nullable(),
    })
    .nullable(),
  /** Oldest first; at most one page, the newest. */
  items: z.array(chatItem),
  /** Older messages exist: load them with `chatItems` and `before`. */
  hasMore: z.boolean(),
});
export type ChatInitData = z.infer<typeof chatInitData>;

/** GET /core/chat/items {chatId, before, limit}: an older page of messages, oldest first. */
export const chatItemsQuery = z.object({
  chatId: chatIdField,
  before: id.optional(),
  limit: pageNumber.max(chatLimits.itemsPageSizeMax, `must be at most ${chatLimits.itemsPageSizeMax}`).default(chatLimits.itemsPageSize),
});
export type ChatItemsQuery = z.infer<typeof chatItemsQuery>;
export const chatItemsData = z.object({ items: z.array(chatItem), hasMore: z.boolean() });
export type ChatItemsData = z.infer<typeof chatItemsData>;

/** The user's chat settings (settingsStorage) that apply when the app does not fix its own. */
export const chatParams = z.object({
  systemMessage: z.string().max(chatLimits.systemMessageMaxChars, `systemMessage must be at most ${chatLimits.systemMessageMaxChars} characters`).optional(),
  temperature: z.number().min(0, 'temperature must be between 0 and 2').max(2, 'temperature must be between 0 and 2').optional(),
  top_p: z.number().min(0, 'top_p must be between 0 and 1').max(1, 'top_p must be between 0 and 1').optional(),
});
export type ChatParams = z.infer<typeof chatParams>;

/** POST /core/chat/completions: ask a question; answers as an SSE stream (see sse.ts). */
export const completionsRequest = z.object({
  /** Absent: the official assistant. */
  appId: appIdField.optional(),
  /** Absent: a new chat, titled after the question. */
  chatId: chatIdField.optional(),
  content: z
    .string({ error: 'content must be a string' })
    .trim()
    .min(1, 'Please type a question')
    .max(chatLimits.questionMaxChars, `A question can be at most ${chatLimits.questionMaxChars} characters`),
  /** Context mode: earlier turns go into the prompt. */
  usingContext: z.boolean().default(true),
  params: chatParams.default({}),
  model: modelPick,
  /** Where a new chat is started (saved with it); an existing chat keeps its own. */
  channel: chatChannel.default('site'),
});
export type CompletionsRequest = z.input<typeof completionsRequest>;

/**
 * POST /core/chat/regenerate: answer the chat's last question again. The last answer (done,
 * stopped or failed) is replaced; a question left without an answer gets one.
 */
export const regenerateRequest = z.object({
  chatId: chatIdField,
  usingContext: z.boolean().default(true),
  params: chatParams.default({}),
  model: modelPick,
});
export type RegenerateRequest = z.input<typeof regenerateRequest>;

/**
 * POST /core/chat/continue: the chat's last answer, cut short at the output limit (`cutShort`),
 * goes on where it stopped; the new text is appended to it and streams like completions.
 */
export const continueRequest = z.object({
  chatId: chatIdField,
  usingContext: z.boolean().default(true),
  params: chatParams.default({}),
});
export type ContinueRequest = z.input<typeof continueRequest>;

/** POST /core/chat/stop {chatId}: Stop Responding, from any tab or instance. */
export const stopRequest = z.object({ chatId: chatIdField });
export const stopData = z.object({ stopped: z.boolean() });
export type StopData = z.infer<typeof stopData>;

/**
 * POST /core/chat/resume {answerId, after}: an answer still streaming, resumed after a lost
 * connection or a reload (on any instance). Streams like completions, from the event after
 * offset `after` (the SSE `id` of the last event received; 0 for all). 404 when the answer is
 * not streaming any more (or not the caller's): the saved answer is then in the chat's items.
 */
export const resumeRequest = z.object({
  answerId: id,
  after: z.number({ error: 'must be a whole number' }).int('must be a whole number').min(0, 'must be at least 0').default(0),
});
export type ResumeRequest = z.input<typeof resumeRequest>;

/** POST /core/chat/item/delete {chatId, itemId} */
export const deleteItemRequest = z.object({ chatId: chatIdField, itemId: id });

/** GET /core/chat/clearHistories {id}: removes every message of chat `id`; the chat stays. */
export const clearHistoriesQuery = z.object({ id: chatIdField });

/** POST /core/chat/agent/getHistories {appId, chatId, updateTime, pageNum}: agents history, pinned first. */
export const getHistoriesRequest = z.object({
  /** Only chats with this agent. */
  appId: appIdField.optional(),
  /** Accepted for compatibility; paging is by page number. */
  chatId: chatIdField.optional(),
  updateTime: z.string().optional(),
  pageNum: pageNumber.default(1),
  pageSize: pageNumber.max(chatLimits.historyPageSizeMax, `must be at most ${chatLimits.historyPageSizeMax}`).default(chatLimits.historyPageSize),
});
export type GetHistoriesRequest = z.input<typeof getHistoriesRequest>;

/** POST /core/chat/updateHistory {appId, chatId, top, title}: pin, unpin or rename. */
export const updateHistoryRequest = z
  .object({
    appId: appIdField,
    chatId: chatIdField,
    top: z.boolean().optional(),
    title: z
      .string()
      .trim()
      .min(1, 'The title cannot be empty')
      .max(chatLimits.titleMaxChars, `A title can be at most ${chatLimits.titleMaxChars} characters`)
      .optional(),
  })
  .refine((value) => value.top !== undefined || value.title !== undefined, 'Nothing to update: send top or title')
  .meta({ anyOf: [{ required: ['top'] }, { required: ['title'] }] });
export type UpdateHistoryRequest = z.input<typeof updateHistoryRequest>;

/** GET /core/chat/agent/delHistory {appId, chatId} */
export const delHistoryQuery = z.object({ appId: appIdField, chatId: chatIdField });

/**
 * POST /core/chat/feedback/updateUserFeedback: thumbs up or down and notes on one answer.
 * Sending false turns a thumb off again; both true at once is refused.
 */
export const updateUserFeedbackRequest = z
  .object({
    appId: appIdField,
    chatId: chatIdField,
    chatItemId: id,
    userGoodFeedback: z.boolean().optional(),
    userBadFeedback: z.boolean().optional(),
    customFeedbacks: z
      .array(z.string().trim().min(1, 'A note cannot be empty').max(chatLimits.customFeedbackMaxChars, `A note can be at most ${chatLimits.customFeedbackMaxChars} characters`))
      .max(chatLimits.customFeedbacksMax, `At most ${chatLimits.customFeedbacksMax} notes`)
      .optional(),
  })
  .refine((value) => !(value.userGoodFeedback && value.userBadFeedback), 'An answer cannot be both good and bad')
  .meta({
    not: { required: ['userGoodFeedback', 'userBadFeedback'], properties: { userGoodFeedback: { enum: [true] }, userBadFeedback: { enum: [true] } } },
  });
export type UpdateUserFeedbackRequest = z.input<typeof updateUserFeedbackRequest>;
export const feedbackData = z.object({
  chatItemId: z.string(),
  userGoodFeedback: z.boolean(),
  userBadFeedback: z.boolean(),
  customFeedbacks: z.array(z.string()),
});
export type FeedbackData = z.infer<typeof feedbackData>;
