import { agentPaths } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { agentKeys } from './agent-keys';

/** POST core/app/delete {id}: gone for good, with its knowledge and share link. */
export function deleteAgent(id: string): Promise<null> {
  return http.post<null>(`/api${agentPaths.delete}`, { id });
}

export function useDeleteAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAgent,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: agentKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: agentKeys.all });
    },
  });
}
