import { useStore } from 'zustand';
import { storageKeys } from '../lib/storage/keys';
import { createRecordStore } from '../lib/storage/persisted-store';
import { stored, type ShapeOf } from '../lib/storage/stored-shape';

const id = stored.either(stored.string(), stored.number());
const discoverHistory = stored.looseObject({ id, appId: id, chatId: id });

const conversationStorageShape = {
  /** The official assistant's histories. */
  officalList: stored.array(stored.looseObject({})),
  /** Histories of apps opened from discover. */
  discoverList: stored.array(discoverHistory),
  currentPrompt: stored.string(),
  currentChatId: stored.string(),
  /** The official assistant's app and chat the home page resumes. */
  hitoAppId: stored.string(),
  hitoChatId: stored.string(),
};
export type ConversationStorage = ShapeOf<typeof conversationStorageShape>;

export function defaultConversationStorage(): ConversationStorage {
  return { officalList: [], discoverList: [], currentPrompt: '', currentChatId: '', hitoAppId: '', hitoChatId: '' };
}

export const conversationStore = createRecordStore(
  storageKeys.conversationStorage,
  conversationStorageShape,
  defaultConversationStorage,
);

export function resetConversationStorage(): void {
  conversationStore.setState(defaultConversationStorage(), true);
}

export function useConversation<T>(select: (state: ConversationStorage) => T): T {
  return useStore(conversationStore, select);
}

/** The chat open in the chat screen. */
export function setCurrentChatId(chatId: string): void {
  conversationStore.setState({ currentChatId: chatId });
}

/** The official chat /home resumes (the route guard sends /home there when both ids are set). */
export function rememberOfficialChat(appId: string, chatId: string): void {
  conversationStore.setState({ hitoAppId: appId, hitoChatId: chatId });
}

/** The conversation store can reset the official app and chat ids (spec section 4). */
export function resetOfficialChat(): void {
  conversationStore.setState({ hitoAppId: '', hitoChatId: '' });
}

/** A deleted chat: nothing may still point at it, or /home would resume a chat that is gone. */
export function forgetChat(chatId: string): void {
  const state = conversationStore.getState();
  conversationStore.setState({
    officalList: state.officalList.filter((entry) => entry.chatId !== chatId),
    discoverList: state.discoverList.filter((entry) => entry.chatId !== chatId),
    currentChatId: state.currentChatId === chatId ? '' : state.currentChatId,
    ...(state.hitoChatId === chatId ? { hitoAppId: '', hitoChatId: '' } : {}),
  });
}

type StoredHistory = { chatId: string; appId: string } & Record<string, unknown>;

/**
 * The last loaded sidebar lists, kept so the next visit draws them at once; the server's
 * answer replaces them. Discover entries carry the spec's `id` (the chat id).
 */
export function saveHistoryLists(lists: { official?: StoredHistory[]; discover?: StoredHistory[] }): void {
  conversationStore.setState({
    ...(lists.official ? { officalList: lists.official } : {}),
    ...(lists.discover ? { discoverList: lists.discover.map((entry) => ({ ...entry, id: entry.chatId })) } : {}),
  });
}
