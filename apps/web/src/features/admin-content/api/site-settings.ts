import { adminSitePaths, type ResetSiteSettingRequest, type SaveRegionRequest, type SaveSidebarRequest, type SiteSettingsView } from '@parley/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { reloadSiteConfig } from '../../site';

const siteSettingsKey = ['admin', 'content', 'site-settings'] as const;

/** GET settings: the sidebar links, contact details and region rules, where each group comes from, and the configured defaults. */
export function getSiteSettings(signal?: AbortSignal): Promise<SiteSettingsView> {
  return http.get<SiteSettingsView>(`/api${adminSitePaths.settings}`, undefined, { signal, silent: true });
}

export const siteSettingsOptions = () => queryOptions({ queryKey: siteSettingsKey, queryFn: ({ signal }) => getSiteSettings(signal) });
export const useSiteSettings = () => useQuery(siteSettingsOptions());

/** Each change answers with the settings as they now are; the site's own config is read again so this tab's sidebar shows them. */
function useSiteSettingsChange<T>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: T) => http.post<SiteSettingsView>(`/api${path}`, request),
    onSuccess: async (view) => {
      queryClient.setQueryData(siteSettingsKey, view);
      await reloadSiteConfig(queryClient);
    },
  });
}

/** POST saveSidebar: the six links and the contact details. */
export const useSaveSidebar = () => useSiteSettingsChange<SaveSidebarRequest>(adminSitePaths.saveSidebar);
/** POST saveRegion: the region rules. */
export const useSaveRegion = () => useSiteSettingsChange<SaveRegionRequest>(adminSitePaths.saveRegion);
/** POST reset: a group goes back to the configured default. */
export const useResetSiteSetting = () => useSiteSettingsChange<ResetSiteSettingRequest>(adminSitePaths.reset);
