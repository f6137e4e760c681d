import { sitePagePath, type SitePage, type SitePageSlug } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

/** GET /site/page {slug, locale}: an operator-edited page as Markdown, in the locale or en-US. */
export function getSitePage(slug: SitePageSlug, locale: string, signal?: AbortSignal): Promise<SitePage> {
  return http.get<SitePage>(sitePagePath, { slug, locale }, { signal, silent: true });
}

export function sitePageQueryOptions(slug: SitePageSlug, locale: string) {
  return queryOptions({ queryKey: ['site-page', slug, locale], queryFn: ({ signal }) => getSitePage(slug, locale, signal) });
}

export function useSitePage(slug: SitePageSlug, locale: string) {
  return useQuery(sitePageQueryOptions(slug, locale));
}
