// Paths, limits and defaults of chats: plain values (no zod), so a screen that needs only
// these does not bring the schemas of ../chats.ts along. That file re-exports them.

export const chatPaths = {
  homeInit: '/home/init',
  sessionGet: '/session/get',
  conversationList: '/conversation/list',
  chatInit: '/core/chat/init',
  chatItems: '/core/chat/items',
  completions: '/core/chat/completions',
  regenerate: '/core/chat/regenerate',
  continue: '/core/chat/continue',
  stop: '/core/chat/stop',
  resume: '/core/chat/resume',
  deleteItem: '/core/chat/item/delete',
  clearHistories: '/core/chat/clearHistories',
  getHistories: '/core/chat/agent/getHistories',
  updateHistory: '/core/chat/updateHistory',
  delHistory: '/core/chat/agent/delHistory',
  updateUserFeedback: '/core/chat/feedback/updateUserFeedback',
} as const;

/** Limits a person meets in the chat screen; the server enforces the same numbers. */
export const chatLimits = {
  questionMaxChars: 8000,
  titleMaxChars: 60,
  systemMessageMaxChars: 4000,
  customFeedbackMaxChars: 1000,
  customFeedbacksMax: 5,
  /** Agents history page size (spec section 9). */
  historyPageSize: 5,
  historyPageSizeMax: 50,
  /** Messages per page when a chat opens; older ones load on scroll. */
  itemsPageSize: 100,
  itemsPageSizeMax: 200,
} as const;

export const defaultChatParams = { temperature: 0.8, top_p: 1 } as const;

/** Why an answer failed, by what a user can do about it (contracts sse.ts `streamErrorKind`). */
export const streamErrorKinds = [
  /** The model service refused the request (an HTTP error not named below). */
  'upstream_http',
  /** The model service refused the site's credentials (401/403): only an operator can fix it. */
  'credentials',
  /** The model asked for is not served (404). */
  'model_missing',
  /** The conversation does not fit the model's context, even trimmed. */
  'context_too_long',
  /** The model service limits how often it is asked (429); `retryAfterSeconds` says when to try again, if it said. */
  'rate_limited',
  /** The model service is overloaded or failing (5xx). */
  'overloaded',
  /** The answer grew past the site's limit (LLM_MAX_ANSWER_CHARS, or one stream line over 1 MB): the text so far is kept. */
  'answer_too_long',
  /** No answer within the configured time. */
  'timeout',
  /** The answer started, then nothing arrived for too long. */
  'stalled',
  /** The model service sent something that is not a valid stream. */
  'malformed',
  /** The model service could not be reached. */
  'unreachable',
  /** Anything else on our side. */
  'internal',
  /** The site's content check flagged the answer: it was cut, and its text is not kept. */
  'moderated',
] as const;
