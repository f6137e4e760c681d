import { agentPaths, type MyAgentsData } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { agentKeys } from './agent-keys';

/** GET core/app/mine: the caller's agents, last edited first, with their figures. */
export function getMyAgents(signal?: AbortSignal): Promise<MyAgentsData> {
  return http.get<MyAgentsData>(`/api${agentPaths.mine}`, undefined, { signal, silent: true });
}

export function myAgentsQueryOptions() {
  return queryOptions({ queryKey: agentKeys.mine(), queryFn: ({ signal }) => getMyAgents(signal) });
}

/** Loads only while `enabled` (logged in). */
export function useMyAgents(enabled: boolean) {
  return useQuery({ ...myAgentsQueryOptions(), enabled });
}
