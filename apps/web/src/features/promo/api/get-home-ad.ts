import { adPaths, apiPrefix, type Ad, type AdType } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

/** GET /api/home/ad {type}: one banner for the slot, or null. A failure just hides the slot. */
export function getHomeAd(type: AdType, signal?: AbortSignal): Promise<Ad | null> {
  return http.get<Ad | null>(`${apiPrefix}${adPaths.home}`, { type }, { signal, silent: true });
}

export function homeAdQueryOptions(type: AdType) {
  return queryOptions({ queryKey: ['home-ad', type], queryFn: ({ signal }) => getHomeAd(type, signal), staleTime: 10 * 60_000 });
}

export function useHomeAd(type: AdType) {
  return useQuery(homeAdQueryOptions(type));
}
