import { adminPaths, type AuditPage, type ListAuditQuery } from '@parley/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export type AuditFilter = Pick<ListAuditQuery, 'action' | 'targetType' | 'q'>;

export const auditKeys = { all: ['admin', 'audit'] as const };

/** GET /api/admin/audit: newest first, filtered; `nextCursor` null at the end. */
export function getAudit(filter: AuditFilter, cursor: string | undefined, signal?: AbortSignal): Promise<AuditPage> {
  // the page shows its own error with a retry; a toast would say it twice
  return http.get<AuditPage>(`/api${adminPaths.audit}`, { ...filter, cursor }, { signal, silent: true });
}

export function auditQueryOptions(filter: AuditFilter) {
  return infiniteQueryOptions({
    queryKey: [...auditKeys.all, filter],
    queryFn: ({ pageParam, signal }) => getAudit(filter, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function useAudit(filter: AuditFilter) {
  return useInfiniteQuery(auditQueryOptions(filter));
}
