import { chatPaths, chatLimits, type GetHistoriesRequest, type HistoryPage } from '@parley/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { chatHistoryKeys } from './history-keys';

/** The role history page reads the agents history in larger pages than the sidebar. */
const pageSize = 20;

/** POST core/chat/agent/getHistories {pageNum, pageSize}, for /role/history. */
function getRoleHistoryPage(pageNum: number, signal?: AbortSignal): Promise<HistoryPage> {
  const body: GetHistoriesRequest = { pageNum, pageSize: Math.min(pageSize, chatLimits.historyPageSizeMax) };
  return http.post<HistoryPage>(`/api${chatPaths.getHistories}`, body, { signal, silent: true });
}

export function roleHistoryQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...chatHistoryKeys.all, 'role-history'] as const,
    queryFn: ({ pageParam, signal }) => getRoleHistoryPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (page) => (page.hasMore ? page.page + 1 : undefined),
  });
}

/** Loads only while `enabled` (logged in). */
export function useRoleHistory(enabled: boolean) {
  return useInfiniteQuery({ ...roleHistoryQueryOptions(), enabled });
}
