import { chatSharePaths, type ChatShareInfo } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { chatShareKeys } from './get-chat-shares';

/** POST /api/core/chat/share/create {chatId}: freezes the chat as it is now behind a new link. */
export function createChatShare(chatId: string): Promise<ChatShareInfo> {
  return http.post<ChatShareInfo>(`/api${chatSharePaths.create}`, { chatId });
}

export function useCreateChatShare(chatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => createChatShare(chatId),
    onSuccess: (share) => {
      queryClient.setQueryData<ChatShareInfo[]>(chatShareKeys.forChat(chatId), (list) =>
        list ? [share, ...list.filter((entry) => entry.shareCode !== share.shareCode)] : list,
      );
      return queryClient.invalidateQueries({ queryKey: chatShareKeys.forChat(chatId) });
    },
  });
}
