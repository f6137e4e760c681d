import { agentPaths, type AgentModelsData } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { agentKeys } from './agent-keys';

/** GET core/app/models: the models an agent may use, and the default one. */
export function getAgentModels(signal?: AbortSignal): Promise<AgentModelsData> {
  return http.get<AgentModelsData>(`/api${agentPaths.models}`, undefined, { signal, silent: true });
}

export function agentModelsQueryOptions() {
  return queryOptions({ queryKey: agentKeys.models(), queryFn: ({ signal }) => getAgentModels(signal), staleTime: 5 * 60_000 });
}

export function useAgentModels() {
  return useQuery(agentModelsQueryOptions());
}
