import { siteConfigPath, type SiteConfig } from '@parley/contracts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';

let loaded: Promise<SiteConfig> | null = null;

/**
 * GET /site/config: links, contacts, region gate and data constants. Fetched once per page load
 * and shared by the route guard and the components; a failure is forgotten so the next asks again.
 */
export function loadSiteConfig(): Promise<SiteConfig> {
  loaded ??= http.get<SiteConfig>(siteConfigPath, undefined, { silent: true }).catch((error: unknown) => {
    loaded = null;
    throw error;
  });
  return loaded;
}

/** Drops the loaded configuration so the next use asks the server again (tests change it between cases). */
export function forgetSiteConfig(): void {
  loaded = null;
}

export function siteConfigQueryOptions() {
  return queryOptions({ queryKey: ['site-config'], queryFn: loadSiteConfig, staleTime: Infinity });
}

export function useSiteConfig() {
  return useQuery(siteConfigQueryOptions());
}

/** After the links or region rules changed in the console: this tab's sidebar and guard read them again. */
export function reloadSiteConfig(queryClient: QueryClient): Promise<void> {
  forgetSiteConfig();
  return queryClient.invalidateQueries({ queryKey: siteConfigQueryOptions().queryKey });
}
