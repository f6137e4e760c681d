import { widgetPaths, type WidgetSettingsData } from '@parley/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export const widgetSettingsKey = (appId: string) => ['agent-widget', appId] as const;

/** GET core/app/widget {appId}: the websites allowed to show the agent's chat widget. */
export function getWidgetSettings(appId: string): Promise<WidgetSettingsData> {
  return http.get<WidgetSettingsData>(`/api${widgetPaths.settings}`, { appId }, { silent: true });
}

export function widgetSettingsQueryOptions(appId: string) {
  return queryOptions({ queryKey: widgetSettingsKey(appId), queryFn: () => getWidgetSettings(appId) });
}

export function useWidgetSettings(appId: string) {
  return useQuery(widgetSettingsQueryOptions(appId));
}

/** POST core/app/widget/origins {appId, origins}: replaces the list; the answer is the saved one. */
export function saveWidgetOrigins(appId: string, origins: string[]): Promise<WidgetSettingsData> {
  return http.post<WidgetSettingsData>(`/api${widgetPaths.saveOrigins}`, { appId, origins }, { silent: true });
}

export function useSaveWidgetOrigins(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (origins: string[]) => saveWidgetOrigins(appId, origins),
    onSuccess: (saved) => queryClient.setQueryData(widgetSettingsKey(appId), saved),
  });
}
