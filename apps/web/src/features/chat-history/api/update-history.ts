import { chatPaths, type ChatHistoryItem, type UpdateHistoryRequest } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { updateHistoryItem } from '../lib/history-rules';
import { chatHistoryKeys } from './history-keys';
import { restoreHistoryLists, snapshotHistoryLists, updateHistoryLists } from './history-cache';

/** POST /api/core/chat/updateHistory {appId, chatId, top?, title?}: pin, unpin or rename. */
export function updateHistory(request: UpdateHistoryRequest): Promise<ChatHistoryItem> {
  return http.post<ChatHistoryItem>(`/api${chatPaths.updateHistory}`, request);
}

/**
 * The lists change at once, take the server's version of the chat when it answers, and go back
 * if it refuses (its toast says why). No refetch: that would reload page 1 only and drop the
 * pages loaded with "load more".
 */
export function useUpdateHistory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateHistory,
    onMutate: async ({ chatId, top, title }) => {
      await queryClient.cancelQueries({ queryKey: chatHistoryKeys.all });
      const snapshot = snapshotHistoryLists(queryClient);
      updateHistoryLists(queryClient, (list) => updateHistoryItem(list, chatId, { top, title: title?.trim() }));
      return { snapshot };
    },
    onSuccess: (saved) => {
      // Only the fields this change is about: the place in the list was settled above.
      updateHistoryLists(queryClient, (list) =>
        list.map((item) => (item.chatId === saved.chatId ? { ...item, title: saved.title, top: saved.top } : item)),
      );
    },
    onError: (_error, _request, context) => {
      if (context) restoreHistoryLists(queryClient, context.snapshot);
    },
  });
}
