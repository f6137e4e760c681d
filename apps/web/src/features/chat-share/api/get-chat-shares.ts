import { chatSharePaths, type ChatShareInfo } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export const chatShareKeys = {
  all: ['chat-shares'] as const,
  forChat: (chatId: string) => ['chat-shares', chatId] as const,
};

/** GET /api/core/chat/share/list {chatId}: this chat's live share links, newest first. */
export async function getChatShares(chatId: string, signal?: AbortSignal): Promise<ChatShareInfo[]> {
  const { list } = await http.get<{ list: ChatShareInfo[] }>(`/api${chatSharePaths.list}`, { chatId }, { signal });
  return list;
}

export function chatSharesQueryOptions(chatId: string) {
  return queryOptions({
    queryKey: chatShareKeys.forChat(chatId),
    queryFn: ({ signal }) => getChatShares(chatId, signal),
  });
}

export function useChatShares(chatId: string) {
  return useQuery(chatSharesQueryOptions(chatId));
}
