import i18next from 'i18next';
import { z } from 'zod/mini';
import { storageKeys } from '../lib/storage/keys';
import { createRecordStore } from '../lib/storage/persisted-store';

export const defaultActiveChat = 1002;

const chatHistoryItem = z.object({ uuid: z.number(), title: z.string(), isEdit: z.boolean() });
// Messages keep fields later issues add; only the text every message has is checked here.
const chatMessage = z.looseObject({ text: z.string() });
const chatRecord = z.object({ uuid: z.number(), data: z.array(chatMessage) });

export const chatStorageSchema = z.object({
  /** The uuid of the current chat; null once every history is deleted. */
  active: z.nullable(z.number()),
  usingContext: z.boolean(),
  history: z.array(chatHistoryItem),
  chat: z.array(chatRecord),
});
export type ChatStorage = z.infer<typeof chatStorageSchema>;

function newChatTitle(): string {
  return i18next.t('chat.newChatTitle', { ns: 'common', defaultValue: '' }) || 'New Chat';
}

export function defaultChatStorage(): ChatStorage {
  return {
    active: defaultActiveChat,
    usingContext: true,
    history: [{ uuid: defaultActiveChat, title: newChatTitle(), isEdit: false }],
    chat: [{ uuid: defaultActiveChat, data: [] }],
  };
}

export const chatStore = createRecordStore(storageKeys.chatStorage, chatStorageSchema, defaultChatStorage);

/** Clearing history resets the whole chat state. */
export function resetChatStorage(): void {
  chatStore.setState(defaultChatStorage(), true);
}
