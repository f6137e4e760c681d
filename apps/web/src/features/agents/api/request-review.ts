import { agentPaths, type AgentDetail, type AgentInput } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { agentKeys } from './agent-keys';

/**
 * POST core/app/requestReview {id?, ...the form}: saves a form the content check kept from
 * public as private, for an operator to review. Refusals show on the form, so the call is silent.
 */
export function requestReview(input: AgentInput, id?: string): Promise<AgentDetail> {
  return http.post<AgentDetail>(`/api${agentPaths.requestReview}`, id ? { ...input, id } : input, { silent: true });
}

export function useRequestReview(id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AgentInput) => requestReview(input, id),
    onSuccess: (saved) => {
      queryClient.setQueryData(agentKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: agentKeys.mine() });
    },
  });
}
