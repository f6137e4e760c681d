import { configPath, type ChatConfigData } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

/** POST /config: provider, model, redacted URLs and proxies, and this month's usage. */
export function getChatConfig(signal?: AbortSignal): Promise<ChatConfigData> {
  return http.post<ChatConfigData>(configPath, {}, { signal });
}

export function chatConfigQueryOptions() {
  return queryOptions({ queryKey: ['chat-config'], queryFn: ({ signal }) => getChatConfig(signal) });
}

export function useChatConfig() {
  return useQuery(chatConfigQueryOptions());
}
