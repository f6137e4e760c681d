import { agentKeyPaths, revokeAgentKeyRequest, revokedAgentKeyData, type AgentKey } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { agentKeyQueryKeys } from './query-keys';

/** POST core/app/keys/revoke {id}: calls with the key are refused from now on. */
export async function revokeAgentKey(id: string): Promise<AgentKey> {
  return revokedAgentKeyData.parse(await http.post(`/api${agentKeyPaths.revoke}`, revokeAgentKeyRequest.parse({ id }), { silent: true })).key;
}

export function useRevokeAgentKey(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAgentKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: agentKeyQueryKeys.list(appId) }),
  });
}
