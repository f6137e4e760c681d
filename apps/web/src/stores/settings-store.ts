import { defaultSystemMessage, defaultUserSettings } from '@parley/contracts';
import { z } from 'zod/mini';
import { storageKeys } from '../lib/storage/keys';
import { createRecordStore } from '../lib/storage/persisted-store';

export { defaultSystemMessage };

/** settingsStorage: the user info the chat shows, and the role and sampling of official chats. */
export const chatSettingsSchema = z.object({
  avatarUrl: z.string(),
  name: z.string(),
  description: z.string(),
  systemMessage: z.string(),
  temperature: z.number().check(z.minimum(0), z.maximum(2)),
  top_p: z.number().check(z.minimum(0), z.maximum(1)),
});
export type ChatSettings = z.infer<typeof chatSettingsSchema>;

export function defaultChatSettings(): ChatSettings {
  return { ...defaultUserSettings };
}

export const settingsStore = createRecordStore(storageKeys.settingsStorage, chatSettingsSchema, defaultChatSettings);
