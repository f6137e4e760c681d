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
