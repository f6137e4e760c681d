import { adminAgentPath, adminAgentsPaths, type OfficialFaqEntry, type OfficialFaqInput } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { adminAgentKeys } from './admin-agent-keys';

/** An FAQ change: a new entry (no id), an entry changed, or one removed. */
export type FaqChange = { kind: 'add'; entry: OfficialFaqInput } | { kind: 'update'; id: string; entry: OfficialFaqInput } | { kind: 'remove'; id: string };

/** POST /api/admin/official/faq, PUT or DELETE /api/admin/official/faq/:id. */
export function changeOfficialFaq(change: FaqChange): Promise<OfficialFaqEntry | null> {
  if (change.kind === 'add') return http.post<OfficialFaqEntry>(`/api${adminAgentsPaths.officialFaq}`, change.entry);
  const path = `/api${adminAgentPath(adminAgentsPaths.officialFaqEntry, change.id)}`;
  return change.kind === 'update'
    ? http.request<OfficialFaqEntry>(path, { method: 'PUT', body: change.entry })
    : http.request<null>(path, { method: 'DELETE' });
}

export function useChangeOfficialFaq() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeOfficialFaq,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminAgentKeys.faq }),
  });
}
