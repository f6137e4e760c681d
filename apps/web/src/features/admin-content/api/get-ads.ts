import { adminAdsPaths, type AdminAdList } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export const adsKey = ['admin', 'content', 'ads'] as const;

/** GET /api/admin/ads: every ad of both slots, with what each shows now. */
export function getAds(signal?: AbortSignal): Promise<AdminAdList> {
  return http.get<AdminAdList>(`/api${adminAdsPaths.list}`, undefined, { signal, silent: true });
}

export const adsOptions = () => queryOptions({ queryKey: adsKey, queryFn: ({ signal }) => getAds(signal) });
export const useAds = () => useQuery(adsOptions());
