import { adminUserPath, adminUsersPaths, type AdminUserDetail } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { userKeys } from './user-keys';

/** GET /api/admin/users/:id: the account with its activity. */
export function getUser(id: string, signal?: AbortSignal): Promise<AdminUserDetail> {
  return http.get<AdminUserDetail>(`/api${adminUserPath(adminUsersPaths.detail, id)}`, undefined, { signal, silent: true });
}

export function useUser(id: string | null) {
  return useQuery({ queryKey: userKeys.detail(id ?? ''), queryFn: ({ signal }) => getUser(id ?? '', signal), enabled: id !== null });
}
