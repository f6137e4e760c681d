import { adminAgentsPaths, type AdminAgentsPage } from '@parley/contracts';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { adminAgentKeys, type AgentFilter } from './admin-agent-keys';

/** GET /api/admin/agents: every agent, newest first, filtered (held: the review queue). */
export function getAdminAgents(filter: AgentFilter, cursor: string | undefined, signal?: AbortSignal): Promise<AdminAgentsPage> {
  const query = {
    q: filter.q || undefined,
    visibility: filter.visibility,
    hidden: filter.hidden === undefined ? undefined : String(filter.hidden),
    held: filter.held === undefined ? undefined : String(filter.held),
    cursor,
  };
  return http.get<AdminAgentsPage>(`/api${adminAgentsPaths.list}`, query, { signal, silent: true });
}

export function useAdminAgents(filter: AgentFilter) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: adminAgentKeys.list(filter),
      queryFn: ({ pageParam, signal }) => getAdminAgents(filter, pageParam, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.nextCursor ?? undefined,
      // a new search or filter keeps the last list in view until its answer comes
      placeholderData: keepPreviousData,
    }),
  );
}
