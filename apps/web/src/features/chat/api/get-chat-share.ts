import { chatSharePaths, type SharedConversation } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { chatKeys } from './chat-thread';

/** GET core/chat/share/get {shareCode}: the frozen conversation behind a share link. */
export function getChatShare(shareCode: string, signal?: AbortSignal): Promise<SharedConversation> {
  return http.get<SharedConversation>(`/api${chatSharePaths.get}`, { shareCode }, { signal, silent: true });
}

export function chatShareQueryOptions(shareCode: string) {
  return queryOptions({ queryKey: chatKeys.share(shareCode), queryFn: ({ signal }) => getChatShare(shareCode, signal) });
}

export function useChatShare(shareCode: string) {
  return useQuery(chatShareQueryOptions(shareCode));
}
