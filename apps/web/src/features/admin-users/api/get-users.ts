import { adminUsersPaths, type AdminUsersPage } from '@parley/contracts';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { userKeys } from './user-keys';

/** GET /api/admin/users: accounts, newest first, by phone or name; the list shows its own error. */
export function getUsers(q: string, cursor: string | undefined, signal?: AbortSignal): Promise<AdminUsersPage> {
  return http.get<AdminUsersPage>(`/api${adminUsersPaths.list}`, { q: q || undefined, cursor }, { signal, silent: true });
}

export function useUsers(q: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: userKeys.list(q),
      queryFn: ({ pageParam, signal }) => getUsers(q, pageParam, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.nextCursor ?? undefined,
      // a new search or filter keeps the last list in view until its answer comes
      placeholderData: keepPreviousData,
    }),
  );
}
