import { adminQualityPaths, type QualityConversation } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { qualityKeys } from './get-quality-lists';

/** GET the conversation a message is in, read-only. */
export function getConversation(chatItemId: string, signal?: AbortSignal): Promise<QualityConversation> {
  return http.get<QualityConversation>(`/api${adminQualityPaths.conversation}`, { chatItemId }, { signal, silent: true });
}

export function conversationOptions(chatItemId: string) {
  return queryOptions({ queryKey: [...qualityKeys.all, 'conversation', chatItemId], queryFn: ({ signal }) => getConversation(chatItemId, signal) });
}

export function useConversation(chatItemId: string) {
  return useQuery(conversationOptions(chatItemId));
}
