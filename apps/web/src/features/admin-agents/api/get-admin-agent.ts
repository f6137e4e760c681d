import { adminAgentPath, adminAgentsPaths, type AdminAgentDetail } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { adminAgentKeys } from './admin-agent-keys';

/** GET /api/admin/agents/:id: its texts, and what the content check held when it waits for review. */
export function getAdminAgent(id: string, signal?: AbortSignal): Promise<AdminAgentDetail> {
  return http.get<AdminAgentDetail>(`/api${adminAgentPath(adminAgentsPaths.detail, id)}`, undefined, { signal, silent: true });
}

export function useAdminAgent(id: string) {
  return useQuery({ queryKey: adminAgentKeys.detail(id), queryFn: ({ signal }) => getAdminAgent(id, signal) });
}
