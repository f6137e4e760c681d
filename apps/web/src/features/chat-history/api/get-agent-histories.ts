import { chatPaths, type GetHistoriesRequest, type HistoryPage } from '@parley/contracts';
import { http } from '../../../lib/http';
import { historyPageSize } from '../lib/history-rules';
import { historyListQueryOptions, useHistoryList, type HistorySource } from './history-list-query';

/** POST /api/core/chat/agent/getHistories {pageNum, pageSize}: chats with agents, pinned first. */
export function getAgentHistories(pageNum: number, signal?: AbortSignal): Promise<HistoryPage> {
  const body: GetHistoriesRequest = { pageNum, pageSize: historyPageSize.agents };
  // Spec section 8: failed list loads are swallowed; the list offers a retry instead of a toast.
  return http.post<HistoryPage>(`/api${chatPaths.getHistories}`, body, { signal, silent: true });
}

const agentsSource: HistorySource = { kind: 'agents', fetchPage: getAgentHistories };

export function agentsHistoryQueryOptions() {
  return historyListQueryOptions(agentsSource);
}

/** Loads only while `enabled` (logged in: spec section 4). */
export function useAgentsHistory(enabled: boolean) {
  return useHistoryList(agentsSource, enabled);
}
