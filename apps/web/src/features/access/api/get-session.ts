import type { SessionData } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

/** POST /session: whether the site has an access password, and the model in use. */
export function getSession(): Promise<SessionData> {
  return http.post<SessionData>('/session');
}

export function sessionQueryOptions() {
  return queryOptions({ queryKey: ['session'], queryFn: getSession, staleTime: Infinity });
}

export function useSessionInfo() {
  return useQuery(sessionQueryOptions());
}
