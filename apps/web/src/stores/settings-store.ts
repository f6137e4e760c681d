import { z } from 'zod/mini';
import { storageKeys } from '../lib/storage/keys';
import { createRecordStore } from '../lib/storage/persisted-store';

export const defaultSystemMessage = "Follow the user's instructions carefully. Respond using markdown.";

export const chatSettingsSchema = z.object({
  systemMessage: z.string(),
  temperature: z.number().check(z.minimum(0), z.maximum(2)),
  top_p: z.number().check(z.minimum(0), z.maximum(1)),
});
export type ChatSettings = z.infer<typeof chatSettingsSchema>;

export function defaultChatSettings(): ChatSettings {
  return { systemMessage: defaultSystemMessage, temperature: 0.8, top_p: 1 };
}

export const settingsStore = createRecordStore(storageKeys.settingsStorage, chatSettingsSchema, defaultChatSettings);
