import { z } from 'zod/mini';
import { storageKeys } from '../lib/storage/keys';
import { createRecordStore } from '../lib/storage/persisted-store';

const id = z.union([z.string(), z.number()]);
const discoverHistory = z.looseObject({ id, appId: id, chatId: id });

export const conversationStorageSchema = z.object({
  /** The official assistant's histories. */
  officalList: z.array(z.looseObject({})),
  /** Histories of apps opened from discover. */
  discoverList: z.array(discoverHistory),
  currentPrompt: z.string(),
  currentChatId: z.string(),
  /** The official assistant's app and chat the home page resumes. */
  hitoAppId: z.string(),
  hitoChatId: z.string(),
});
export type ConversationStorage = z.infer<typeof conversationStorageSchema>;

export function defaultConversationStorage(): ConversationStorage {
  return { officalList: [], discoverList: [], currentPrompt: '', currentChatId: '', hitoAppId: '', hitoChatId: '' };
}

export const conversationStore = createRecordStore(
  storageKeys.conversationStorage,
  conversationStorageSchema,
  defaultConversationStorage,
);

export function resetConversationStorage(): void {
  conversationStore.setState(defaultConversationStorage(), true);
}
