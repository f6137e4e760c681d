import { agentKeyPaths, agentKeysData, type AgentKeysData } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { agentKeyQueryKeys } from './query-keys';

/** GET core/app/keys {appId}: the agent's keys, newest first, revoked ones included; never their secrets. */
export async function getAgentKeys(appId: string, signal?: AbortSignal): Promise<AgentKeysData> {
  return agentKeysData.parse(await http.get(`/api${agentKeyPaths.list}`, { appId }, { signal, silent: true }));
}

export function agentKeysQueryOptions(appId: string) {
  return queryOptions({ queryKey: agentKeyQueryKeys.list(appId), queryFn: ({ signal }) => getAgentKeys(appId, signal) });
}

export function useAgentKeys(appId: string) {
  return useQuery(agentKeysQueryOptions(appId));
}
