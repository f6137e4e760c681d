import { chatPaths } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { forgetChat } from '../../../stores/conversation-store';
import { removeHistoryItem } from '../lib/history-rules';
import { updateHistoryLists } from './history-cache';

export interface DeleteHistoryRequest {
  appId: string;
  chatId: string;
}

/** GET /api/core/chat/agent/delHistory {appId, chatId}: deletes the chat and its messages. */
export function deleteHistory({ appId, chatId }: DeleteHistoryRequest): Promise<unknown> {
  return http.get<unknown>(`/api${chatPaths.delHistory}`, { appId, chatId });
}

export function useDeleteHistory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteHistory,
    onSuccess: (_data, { chatId }) => {
      updateHistoryLists(queryClient, (list) => removeHistoryItem(list, chatId));
      forgetChat(chatId);
    },
  });
}
