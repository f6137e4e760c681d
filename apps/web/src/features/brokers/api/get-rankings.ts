import { apiPrefix, brokerPaths, type RankingCategory, type RankingPage } from '@parley/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { decryptData } from '../../../lib/crypto/decrypt-data';
import { loadSiteConfig } from '../../site';

/** GET /api/rankings {page, category}: the scrambled data, unscrambled. */
export async function getRankings(category: RankingCategory, page: number, signal?: AbortSignal): Promise<RankingPage> {
  const [encrypted, site] = await Promise.all([
    http.get<string>(`${apiPrefix}${brokerPaths.rankings}`, { page, category }, { signal, silent: true }),
    loadSiteConfig(),
  ]);
  // The server checked it against the contract before scrambling it (broker-service.ts).
  return (await decryptData(encrypted, site.dataCipher)) as RankingPage;
}

export function rankingsQueryOptions(category: RankingCategory, page: number) {
  return queryOptions({
    queryKey: ['rankings', category, page],
    queryFn: ({ signal }) => getRankings(category, page, signal),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useRankings(category: RankingCategory, page: number) {
  return useQuery(rankingsQueryOptions(category, page));
}
