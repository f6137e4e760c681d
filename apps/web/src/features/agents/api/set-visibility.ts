import type { AgentDetail, AgentVisibility } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formOfAgent, inputOfForm } from '../lib/agent-form';
import { agentKeys } from './agent-keys';
import { saveAgent } from './save-agent';

/** Changes only the visibility: update takes the whole form, so the rest is sent as it is. */
export function useSetVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ agent, visibility }: { agent: AgentDetail; visibility: AgentVisibility }) =>
      saveAgent(inputOfForm({ ...formOfAgent(agent), visibility }), agent.id),
    onSuccess: (saved) => {
      queryClient.setQueryData(agentKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: agentKeys.mine() });
      void queryClient.invalidateQueries({ queryKey: ['agents', 'discover'] });
    },
  });
}
