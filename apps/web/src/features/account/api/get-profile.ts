import { accountPaths, type UserInfo } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { saveUserInfo } from '../../auth';

export const profileKey = ['account', 'profile'] as const;

/** GET /api/user/profile: the caller's own account; userStorage is kept in step with it. */
export async function getProfile(signal?: AbortSignal): Promise<UserInfo> {
  const profile = await http.get<UserInfo>(`/api${accountPaths.profile}`, undefined, { signal, silent: true });
  saveUserInfo(profile);
  return profile;
}

export function profileQueryOptions() {
  return queryOptions({ queryKey: profileKey, queryFn: ({ signal }) => getProfile(signal), staleTime: 60_000 });
}

export function useProfile(enabled: boolean) {
  return useQuery({ ...profileQueryOptions(), enabled });
}
