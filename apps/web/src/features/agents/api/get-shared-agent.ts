import { agentSharePaths, type SharedAgent } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { agentKeys } from './agent-keys';

/** GET chat/share {shareNum}: what the /share/:shareNum landing page shows. */
export function getSharedAgent(shareNum: string, signal?: AbortSignal): Promise<SharedAgent> {
  return http.get<SharedAgent>(`/api${agentSharePaths.byShareNum}`, { shareNum }, { signal, silent: true });
}

export function sharedAgentQueryOptions(shareNum: string) {
  return queryOptions({ queryKey: agentKeys.shared(shareNum), queryFn: ({ signal }) => getSharedAgent(shareNum, signal), retry: false });
}

export function useSharedAgent(shareNum: string) {
  return useQuery(sharedAgentQueryOptions(shareNum));
}
