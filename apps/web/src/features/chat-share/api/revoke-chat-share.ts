import { chatSharePaths, type ChatShareInfo } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { chatShareKeys } from './get-chat-shares';

/** POST /api/core/chat/share/revoke {shareCode}: the link stops working at once. */
export function revokeChatShare(shareCode: string): Promise<unknown> {
  return http.post<unknown>(`/api${chatSharePaths.revoke}`, { shareCode });
}

export function useRevokeChatShare(chatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeChatShare,
    onSuccess: (_data, shareCode) => {
      queryClient.setQueryData<ChatShareInfo[]>(chatShareKeys.forChat(chatId), (list) =>
        list?.filter((entry) => entry.shareCode !== shareCode),
      );
      return queryClient.invalidateQueries({ queryKey: chatShareKeys.forChat(chatId) });
    },
  });
}
