import { apiPrefix, brokerPaths, type Ad, type DealerDetail, type Locale } from '@parley/contracts';
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

/** GET /api/dealer/ad {id, lang}: the promo banner tied to a broker, in the reader's language when there is one, or null. */
export function useDealerAd(id: string, lang: Locale) {
  return useQuery({
    queryKey: ['dealer-ad', id, lang],
    queryFn: ({ signal }) => http.get<Ad | null>(`${apiPrefix}${brokerPaths.ad}`, { id, lang }, { signal, silent: true }),
    staleTime: 5 * 60_000,
  });
}
