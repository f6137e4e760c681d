import type { SiteConfig } from '@parley/contracts';

/** The broker's detail page on the main site. */
export function brokerDetailUrl(site: SiteConfig['brokerSite'], id: string): string {
  return site.detailUrl.replaceAll('{id}', encodeURIComponent(id));
}

/** The main site's search page for a keyword. */
export function brokerSearchUrl(site: SiteConfig['brokerSite'], keyword: string): string {
  return site.searchUrl.replaceAll('{kw}', encodeURIComponent(keyword.trim()));
}
