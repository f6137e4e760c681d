import { adminAgentsPaths, type OfficialData, type UpdateOfficialRequest } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { adminAgentKeys } from './admin-agent-keys';

/** POST /api/admin/official: the fields given change; null ones go back to the built-in text. Field errors show on the form. */
export function updateOfficial(change: UpdateOfficialRequest): Promise<OfficialData> {
  return http.post<OfficialData>(`/api${adminAgentsPaths.official}`, change, { silent: true });
}

export function useUpdateOfficial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOfficial,
    onSuccess: (data) => queryClient.setQueryData(adminAgentKeys.official, data),
  });
}
