import { defaultChatParams } from './chats.js';

// Paths, limits and defaults of settings: plain values (no zod), so a screen that needs only
// these does not bring the schemas of ../settings.ts along. That file re-exports them.

export const settingsPaths = {
  get: '/settings/get',
  save: '/settings/save',
} as const;

export const settingsLimits = {
  nameMaxChars: 40,
  descriptionMaxChars: 200,
  avatarUrlMaxChars: 1024,
  systemMessageMaxChars: 4000,
} as const;

/** Spec section 9: a generic instruction to follow instructions carefully and respond in markdown. */
export const defaultSystemMessage = "Follow the user's instructions carefully. Respond using markdown.";

export const defaultUserSettings = {
  avatarUrl: '',
  name: '',
  description: '',
  // '' is the default role: the web shows and sends it in the reader's language; the server
  // answers an empty role with defaultSystemMessage
  systemMessage: '',
  temperature: defaultChatParams.temperature,
  top_p: defaultChatParams.top_p,
} as const;
