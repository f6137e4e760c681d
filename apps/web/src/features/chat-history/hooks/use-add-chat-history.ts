import type { ChatAppInfo, ChatHistoryItem } from '@parley/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { rememberOfficialChat, setCurrentChatId } from '../../../stores/conversation-store';
import { updateHistoryList } from '../api/history-cache';
import { chatHistoryKeys } from '../api/history-keys';
import { addHistoryItem, titleFromFirstMessage } from '../lib/history-rules';

export interface NewChatHistory {
  /** The app the chat is with, as chat init returned it. */
  app: Pick<ChatAppInfo, 'id' | 'name' | 'avatarUrl' | 'isOfficial' | 'deleted'>;
  chatId: string;
  /** The question that started the chat: it becomes the title of a new chat. */
  firstMessage: string;
}

/**
 * Spec section 4: an added history goes first and becomes active. Calling it again for a chat
 * already listed only moves it up (its title and pin stay), so it may be called on every send.
 */
export function addChatHistory(queryClient: QueryClient, { app, chatId, firstMessage }: NewChatHistory): void {
  const item: ChatHistoryItem = {
    chatId,
    appId: app.id,
    title: titleFromFirstMessage(firstMessage),
    top: false,
    updateTime: new Date().toISOString(),
    appName: app.name,
    appAvatarUrl: app.avatarUrl,
    appDeleted: app.deleted,
  };
  const kind = app.isOfficial ? 'official' : 'agents';
  if (queryClient.getQueryData(chatHistoryKeys.list(kind))) {
    updateHistoryList(queryClient, kind, (list) => addHistoryItem(list, item));
  } else {
    // Not loaded yet, or a load is under way that may have missed the new chat: load again.
    void queryClient.invalidateQueries({ queryKey: chatHistoryKeys.list(kind) });
  }
  setCurrentChatId(chatId);
  if (app.isOfficial) rememberOfficialChat(app.id, chatId);
}

/** For the chat screen: call it once the first answer to a new chat starts streaming. */
export function useAddChatHistory(): (entry: NewChatHistory) => void {
  const queryClient = useQueryClient();
  return useCallback((entry) => addChatHistory(queryClient, entry), [queryClient]);
}
