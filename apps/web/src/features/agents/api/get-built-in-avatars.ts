import { agentPaths, type BuiltInAvatarsData } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { agentKeys } from './agent-keys';

/** GET core/app/avatars: the built-in avatars an agent can use instead of an upload. */
export function getBuiltInAvatars(signal?: AbortSignal): Promise<BuiltInAvatarsData> {
  return http.get<BuiltInAvatarsData>(`/api${agentPaths.avatars}`, undefined, { signal, silent: true });
}

export function builtInAvatarsQueryOptions() {
  return queryOptions({ queryKey: agentKeys.avatars(), queryFn: ({ signal }) => getBuiltInAvatars(signal), staleTime: Infinity });
}

export function useBuiltInAvatars() {
  return useQuery(builtInAvatarsQueryOptions());
}
