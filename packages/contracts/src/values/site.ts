// Paths, limits and defaults of the site config and pages: plain values (no zod), so a screen that needs only
// these does not bring the schemas of ../site.ts along. That file re-exports them.

export const siteConfigPath = '/site/config';

/** GET /api/ip/getpingbiip_new: the caller's country, or "unknown". Relative to `/api`. */
export const regionCheckPath = '/ip/getpingbiip_new';
export const unknownCountry = 'unknown';

/** Operator-edited pages, Markdown per locale. */
export const sitePageSlugs = ['usage', 'private', 'aboutUs'] as const;
export type SitePageSlug = (typeof sitePageSlugs)[number];
export const sitePagePath = '/site/page';

/**
 * A host name as IMAGE_HOSTS_ALLOWED lists it: lower-case labels of letters, digits and hyphens
 * joined by dots; no scheme, port, path or wildcard (the CSP names each as `https://<host>`).
 */
export const imageHostPattern = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
