import { adminDashboardPaths, type DashboardData } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export const dashboardKeys = { all: ['admin', 'dashboard'] as const };

/** GET /api/admin/dashboard: the last 30 UTC days, day by day, with today's and the period's sums. */
export function getDashboard(signal?: AbortSignal): Promise<DashboardData> {
  // the page shows its own error with a retry; a toast would say it twice
  return http.get<DashboardData>(`/api${adminDashboardPaths.figures}`, undefined, { signal, silent: true });
}

export function dashboardQueryOptions() {
  return queryOptions({ queryKey: dashboardKeys.all, queryFn: ({ signal }) => getDashboard(signal) });
}

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
