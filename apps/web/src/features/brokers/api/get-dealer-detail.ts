import { apiPrefix, brokerPaths, type Ad, type DealerDetail } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

/** POST /api/dealer/detail {id}: a broker's figures, details and current placings. */
export function useDealerDetail(id: string) {
  return useQuery({
    queryKey: ['dealer-detail', id],
    queryFn: ({ signal }) => http.post<DealerDetail>(`${apiPrefix}${brokerPaths.detail}`, { id }, { signal, silent: true }),
    staleTime: 5 * 60_000,
  });
}

/** GET /api/dealer/ad {id}: the promo banner tied to a broker, or null. */
export function useDealerAd(id: string) {
  return useQuery({
    queryKey: ['dealer-ad', id],
    queryFn: ({ signal }) => http.get<Ad | null>(`${apiPrefix}${brokerPaths.ad}`, { id }, { signal, silent: true }),
    staleTime: 5 * 60_000,
  });
}
