import { agentKeyPaths, createAgentKeyRequest, createdAgentKeyData, type CreateAgentKeyRequest, type CreatedAgentKeyData } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { agentKeyQueryKeys } from './query-keys';

/** POST core/app/keys/create: the new key and its secret, which no later call returns. */
export async function createAgentKey(request: CreateAgentKeyRequest): Promise<CreatedAgentKeyData> {
  return createdAgentKeyData.parse(await http.post(`/api${agentKeyPaths.create}`, createAgentKeyRequest.parse(request), { silent: true }));
}

/** The secret stays with the caller: only the list is asked for again, and it never carries one. */
export function useCreateAgentKey(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAgentKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentKeyQueryKeys.list(appId) }),
  });
}
