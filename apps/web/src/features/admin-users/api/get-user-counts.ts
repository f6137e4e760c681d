import { adminUsersPaths, type AdminUserCounts } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { userKeys } from './user-keys';

/** GET /api/admin/users/counts: accounts and visitors, counted. */
export function getUserCounts(signal?: AbortSignal): Promise<AdminUserCounts> {
  return http.get<AdminUserCounts>(`/api${adminUsersPaths.counts}`, undefined, { signal, silent: true });
}

export function useUserCounts() {
  return useQuery({ queryKey: userKeys.counts, queryFn: ({ signal }) => getUserCounts(signal) });
}
