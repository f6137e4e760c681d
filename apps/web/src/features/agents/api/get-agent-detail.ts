import { agentPaths, type AgentDetail } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { agentKeys } from './agent-keys';

/** GET core/app/detail {id}: the full configuration of one of the caller's agents. */
export function getAgentDetail(id: string, signal?: AbortSignal): Promise<AgentDetail> {
  return http.get<AgentDetail>(`/api${agentPaths.detail}`, { id }, { signal, silent: true });
}

export function agentDetailQueryOptions(id: string) {
  return queryOptions({ queryKey: agentKeys.detail(id), queryFn: ({ signal }) => getAgentDetail(id, signal), staleTime: 0 });
}

/** The agent being edited; nothing is loaded on /create (no id) or before login. */
export function useAgentDetail(id: string | undefined, enabled: boolean) {
  return useQuery({ ...agentDetailQueryOptions(id ?? ''), enabled: enabled && Boolean(id) });
}
