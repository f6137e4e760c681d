import { adminAgentsPaths, type OfficialFaqData } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { adminAgentKeys } from './admin-agent-keys';

/** GET /api/admin/official/faq: the operator's FAQ entries, and how many the built-in FAQ has. */
export function getOfficialFaq(signal?: AbortSignal): Promise<OfficialFaqData> {
  return http.get<OfficialFaqData>(`/api${adminAgentsPaths.officialFaq}`, undefined, { signal, silent: true });
}

export function useOfficialFaq() {
  return useQuery({ queryKey: adminAgentKeys.faq, queryFn: ({ signal }) => getOfficialFaq(signal) });
}
