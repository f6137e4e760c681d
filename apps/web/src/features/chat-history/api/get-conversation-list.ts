import { chatPaths, type HistoryPage } from '@parley/contracts';
import { http } from '../../../lib/http';
import { historyPageSize } from '../lib/history-rules';
import { historyListQueryOptions, useHistoryList, type HistorySource } from './history-list-query';

/** GET /api/conversation/list {page, pageSize}: the official assistant's conversations. */
export function getConversationList(page: number, signal?: AbortSignal): Promise<HistoryPage> {
  // Spec section 8: failed list loads are swallowed; the list offers a retry instead of a toast.
  return http.get<HistoryPage>(`/api${chatPaths.conversationList}`, { page, pageSize: historyPageSize.official }, { signal, silent: true });
}

const officialSource: HistorySource = { kind: 'official', fetchPage: getConversationList };

export function officialHistoryQueryOptions() {
  return historyListQueryOptions(officialSource);
}

/** Loads only while `enabled` (logged in: spec section 4). */
export function useOfficialHistory(enabled: boolean) {
  return useHistoryList(officialSource, enabled);
}
