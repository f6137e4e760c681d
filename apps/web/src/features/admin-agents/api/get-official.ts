import { adminAgentsPaths, type OfficialData } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { adminAgentKeys } from './admin-agent-keys';

/** GET /api/admin/official: what the official assistant shows, and its built-in texts. */
export function getOfficial(signal?: AbortSignal): Promise<OfficialData> {
  return http.get<OfficialData>(`/api${adminAgentsPaths.official}`, undefined, { signal, silent: true });
}

export function useOfficial() {
  return useQuery({ queryKey: adminAgentKeys.official, queryFn: ({ signal }) => getOfficial(signal) });
}
