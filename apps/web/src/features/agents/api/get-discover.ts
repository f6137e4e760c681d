import { agentPaths, type DiscoverPage, type DiscoverQuery } from '@parley/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { agentKeys, type DiscoverFilters } from './agent-keys';

/** GET core/app/discover: one page of public agents; `nextCursor` continues, null ends. */
export function getDiscoverPage(filters: DiscoverFilters, cursor: string | undefined, signal?: AbortSignal): Promise<DiscoverPage> {
  const query = { q: filters.q.trim() || undefined, category: filters.category ?? undefined, sort: filters.sort, cursor } satisfies DiscoverQuery;
  // The grid shows its own error with a retry.
  return http.get<DiscoverPage>(`/api${agentPaths.discover}`, query, { signal, silent: true });
}

export function discoverQueryOptions(filters: DiscoverFilters) {
  return infiniteQueryOptions({
    queryKey: agentKeys.discover(filters),
    queryFn: ({ pageParam, signal }) => getDiscoverPage(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    staleTime: 30_000,
  });
}

export function useDiscover(filters: DiscoverFilters) {
  return useInfiniteQuery(discoverQueryOptions(filters));
}
