import { agentPaths, type AgentDetail, type AgentInput } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { agentKeys } from './agent-keys';

/**
 * POST core/app/create, or core/app/update {id, ...} for an existing agent. Field errors
 * (VALIDATION, CONTENT_BLOCKED) are shown on the form, so the call itself stays silent.
 */
export function saveAgent(input: AgentInput, id?: string): Promise<AgentDetail> {
  return id
    ? http.post<AgentDetail>(`/api${agentPaths.update}`, { ...input, id }, { silent: true })
    : http.post<AgentDetail>(`/api${agentPaths.create}`, input, { silent: true });
}

export function useSaveAgent(id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AgentInput) => saveAgent(input, id),
    onSuccess: (saved) => {
      queryClient.setQueryData(agentKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: agentKeys.mine() });
      void queryClient.invalidateQueries({ queryKey: ['agents', 'discover'] });
    },
  });
}
