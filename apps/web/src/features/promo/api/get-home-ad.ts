import { adPaths, apiPrefix, type Ad, type AdType, type Locale } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http } from '../../../lib/http';

/** GET /api/home/ad {type, lang}: one banner for the slot, in the reader's language when there is one, or null. A failure just hides the slot. */
export function getHomeAd(type: AdType, lang: Locale, signal?: AbortSignal): Promise<Ad | null> {
  return http.get<Ad | null>(`${apiPrefix}${adPaths.home}`, { type, lang }, { signal, silent: true });
}

export function homeAdQueryOptions(type: AdType, lang: Locale) {
  return queryOptions({ queryKey: ['home-ad', type, lang], queryFn: ({ signal }) => getHomeAd(type, lang, signal), staleTime: 10 * 60_000 });
}

export function useHomeAd(type: AdType) {
  const { i18n } = useTranslation();
  return useQuery(homeAdQueryOptions(type, i18n.language as Locale));
}
