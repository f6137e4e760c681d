import { adminQualityPaths, type FeedbackPage, type ReportPage, type UnansweredPage } from '@parley/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export const qualityKeys = {
  all: ['admin', 'quality'] as const,
  list: (kind: QualityListKind, appId: string | undefined) => ['admin', 'quality', kind, appId ?? 'all'] as const,
};

export type QualityListKind = 'unanswered' | 'feedback' | 'reports';
type PageOf = { unanswered: UnansweredPage; feedback: FeedbackPage; reports: ReportPage };

/** GET one of the quality queue's lists, newest first, for one agent or all; `nextCursor` null at the end. */
export function getQualityList<K extends QualityListKind>(kind: K, appId: string | undefined, cursor: string | undefined, signal?: AbortSignal): Promise<PageOf[K]> {
  // each list shows its own error with a retry; a toast would say it twice
  return http.get<PageOf[K]>(`/api${adminQualityPaths[kind]}`, { appId, cursor }, { signal, silent: true });
}

export function qualityListOptions<K extends QualityListKind>(kind: K, appId: string | undefined) {
  return infiniteQueryOptions({
    queryKey: qualityKeys.list(kind, appId),
    queryFn: ({ pageParam, signal }) => getQualityList(kind, appId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page: PageOf[K]) => page.nextCursor ?? undefined,
  });
}

export function useQualityList<K extends QualityListKind>(kind: K, appId: string | undefined) {
  return useInfiniteQuery(qualityListOptions(kind, appId));
}
