import { z } from 'zod';
import { imageHostPattern, sitePageSlugs } from './values/site.js';
export { siteConfigPath, regionCheckPath, unknownCountry, sitePageSlugs, sitePagePath, imageHostPattern, type SitePageSlug } from './values/site.js';

/** One of the hosts images may load from (IMAGE_HOSTS_ALLOWED), as the server parses it and the web reads it. */
export const imageHostName = z
  .string()
  .regex(imageHostPattern, { error: (issue) => `${String(issue.input)} is not a host name like cdn.example.com (no https://, port or path)` });

/**
 * Public site settings the web needs before anything else (no token, like POST /session):
 * the region gate, sidebar links, contact details, the main site's broker pages, the
 * constants that unscramble ranking data and the hosts images may load from. Nothing here is secret.
 */
export const siteConfig = z.object({
  regionGate: z.object({
    /** The host the IP check runs on; empty: nowhere. */
    primaryHost: z.string(),
    /** A cookie with this name, when present, skips the check. */
    ignoreCookie: z.string(),
    /** Country codes (ISO 3166-1 alpha-2) sent to /unsupport. */
    blockedCodes: z.array(z.string()),
  }),
  links: z.object({
    platform: z.string(),
    complaints: z.string(),
    service: z.string(),
    enterprise: z.string(),
    oldVersion: z.string(),
    download: z.string(),
  }),
  contact: z.object({ qq: z.string(), mail: z.string() }),
  brokerSite: z.object({
    /** `{id}` is replaced by the broker id. */
    detailUrl: z.string(),
    /** `{kw}` is replaced by the URL-encoded keyword. */
    searchUrl: z.string(),
  }),
  dataCipher: z.object({ keyConstant: z.string(), ivConstant: z.string() }),
  images: z.object({
    /**
     * Hosts whose images in answers, agent texts and shared conversations load inline (the
     * operator's IMAGE_HOSTS_ALLOWED); an image from any other host shows as a link to it.
     */
    allowedHosts: z.array(imageHostName),
  }),
});
export type SiteConfig = z.infer<typeof siteConfig>;
export const regionCheck = z.object({ code: z.string() });
export type RegionCheck = z.infer<typeof regionCheck>;
export const sitePageQuery = z.object({
  slug: z.enum(sitePageSlugs, { error: `slug must be one of ${sitePageSlugs.join(', ')}` }),
  locale: z.string().max(20).optional(),
});
export const sitePage = z.object({ slug: z.string(), locale: z.string(), markdown: z.string() });
export type SitePage = z.infer<typeof sitePage>;
