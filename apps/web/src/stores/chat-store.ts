import i18next from 'i18next';
import { storageKeys } from '../lib/storage/keys';
import { createRecordStore } from '../lib/storage/persisted-store';
import { stored, type ShapeOf } from '../lib/storage/stored-shape';

export const defaultActiveChat = 1002;

const chatHistoryItem = stored.object({ uuid: stored.number(), title: stored.string(), isEdit: stored.boolean() });
// Messages keep fields later issues add; only the text every message has is checked here.
const chatMessage = stored.looseObject({ text: stored.string() });
const chatRecord = stored.object({ uuid: stored.number(), data: stored.array(chatMessage) });

const chatStorageShape = {
  /** The uuid of the current chat; null once every history is deleted. */
  active: stored.nullable(stored.number()),
  usingContext: stored.boolean(),
  history: stored.array(chatHistoryItem),
  chat: stored.array(chatRecord),
};
export type ChatStorage = ShapeOf<typeof chatStorageShape>;

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

export const chatStore = createRecordStore(storageKeys.chatStorage, chatStorageShape, defaultChatStorage);

/** Clearing history resets the whole chat state. */
export function resetChatStorage(): void {
  chatStore.setState(defaultChatStorage(), true);
}
