import { agentAnalyticsPaths, type AgentAnalytics } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export const analyticsKeys = {
  all: ['agent-analytics'] as const,
  summary: (appId: string) => ['agent-analytics', appId] as const,
};

/** GET core/app/analytics: the agent's last 30 days, for its owner. */
export function getAgentAnalytics(appId: string, signal?: AbortSignal): Promise<AgentAnalytics> {
  return http.get<AgentAnalytics>(`/api${agentAnalyticsPaths.summary}`, { appId }, { signal, silent: true });
}

export function agentAnalyticsQueryOptions(appId: string) {
  return queryOptions({ queryKey: analyticsKeys.summary(appId), queryFn: ({ signal }) => getAgentAnalytics(appId, signal) });
}

export function useAgentAnalytics(appId: string) {
  return useQuery(agentAnalyticsQueryOptions(appId));
}

/** The file name the server gives a download (`filename*` first), else `fallback`. */
export function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // a malformed name: the plain one, else the fallback
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? fallback;
}

/** GET core/app/analytics/csv: the same days as a CSV file, with the name the server gives it. */
export async function downloadAgentAnalytics(appId: string): Promise<{ fileName: string; text: string }> {
  const response = await http.download(`/api${agentAnalyticsPaths.csv}`, { appId });
  return { fileName: fileNameOf(response, 'analytics.csv'), text: await response.text() };
}
