import { apiPrefix, brokerPaths, type DealerSearchItem } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { decryptData } from '../../../lib/crypto/decrypt-data';
import { loadSiteConfig } from '../../site';

/** GET /api/dealer/search {kw}: brokers whose name contains the keyword, unscrambled. */
export async function searchDealers(keyword: string, signal?: AbortSignal): Promise<DealerSearchItem[]> {
  const [encrypted, site] = await Promise.all([
    http.get<string>(`${apiPrefix}${brokerPaths.search}`, { kw: keyword }, { signal, silent: true }),
    loadSiteConfig(),
  ]);
  // The server checked it against the contract before scrambling it (broker-service.ts).
  return (await decryptData(encrypted, site.dataCipher)) as DealerSearchItem[];
}

/** Runs only for a non-blank keyword (the caller debounces it). */
export function dealerSearchQueryOptions(keyword: string) {
  const trimmed = keyword.trim();
  return queryOptions({
    queryKey: ['dealer-search', trimmed],
    queryFn: ({ signal }) => searchDealers(trimmed, signal),
    enabled: trimmed !== '',
    staleTime: 60_000,
  });
}

export function useDealerSearch(keyword: string) {
  return useQuery(dealerSearchQueryOptions(keyword));
}
