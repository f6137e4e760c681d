import { adminAgentPath, adminAgentsPaths, type AdminAgentDetail } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { adminAgentKeys } from './admin-agent-keys';

/** What an operator does to an agent; all but approve carry the reason its owner reads. */
export type Moderation = { kind: 'hide' | 'restore' | 'decline'; reason: string } | { kind: 'approve' };

/** POST /api/admin/agents/:id/hide | restore | approve | decline: answers the agent as it now is. */
export function moderateAgent(id: string, moderation: Moderation): Promise<AdminAgentDetail> {
  const body = moderation.kind === 'approve' ? {} : { reason: moderation.reason };
  return http.post<AdminAgentDetail>(`/api${adminAgentPath(adminAgentsPaths[moderation.kind], id)}`, body);
}

export function useModerateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, moderation }: { id: string; moderation: Moderation }) => moderateAgent(id, moderation),
    onSuccess: (agent) => {
      queryClient.setQueryData(adminAgentKeys.detail(agent.id), agent);
      void queryClient.invalidateQueries({ queryKey: adminAgentKeys.all });
    },
  });
}
