import { z } from 'zod';
import { countryCodes } from './values/countries.js';
import { imageHostPattern } from './values/site.js';
export { countryCodes, type CountryCode } from './values/countries.js';

/**
 * The console's site settings: the sidebar's links and contact details, and the region rules.
 * Each group is the configuration's (LINK_*, CONTACT_*, REGION_*) until an operator saves it in
 * the console, and again after they reset it. Paths relative to `/api`; operators only.
 */
export const adminSitePaths = {
  /** GET: both groups as the site serves them, where each comes from, and the configured defaults. */
  settings: '/admin/site/settings',
  /** POST {links, contact}: the sidebar's six links and the contact details. */
  saveSidebar: '/admin/site/sidebar/save',
  /** POST {primaryHost, ignoreCookie, blockedCodes}: the region rules. */
  saveRegion: '/admin/site/region/save',
  /** POST {group}: the group is the configuration's again. */
  reset: '/admin/site/reset',
} as const;

export const siteSettingGroups = ['sidebar', 'region'] as const;
export type SiteSettingGroup = (typeof siteSettingGroups)[number];

export const siteSettingsLimits = { linkMaxChars: 2000, mailMaxChars: 254, cookieMaxChars: 100 } as const;

/** The cookie name rule (RFC 6265 token characters), as REGION_IGNORE_COOKIE takes it too. */
export const cookieNamePattern = /^[!#$%&'*+.^`|~\w-]+$/;

// Anchored and without flags, so the published patterns say exactly what the server takes (the
// values are trimmed first). Each admits empty: the link or detail is then hidden.
/** An http(s) address written out in full (a scheme, //, a host), or empty. */
const linkPattern = /^(|[hH][tT][tT][pP][sS]?:\/\/[^\s/?#]+\S*)$/;
/** A mail address such as help@example.com, or empty. */
const mailPattern = /^(|[^\s@]+@[^\s@]+\.[^\s@]+)$/;
/** A QQ number (5 to 12 digits), or empty. */
const qqPattern = /^(|[0-9]{5,12})$/;
/** A bare host name in either case (saved in lower case), or empty. */
const hostPattern = new RegExp(`^(|${imageHostPattern.source.slice(1, -1).replaceAll('a-z0-9', 'a-zA-Z0-9')})$`);
/** An assigned ISO 3166-1 alpha-2 code in either case (saved upper-cased). */
const countryPattern = new RegExp(`^(${countryCodes.map((code) => [...code].map((letter) => `[${letter}${letter.toLowerCase()}]`).join('')).join('|')})$`);

export const isLinkOrEmpty = (value: string): boolean => linkPattern.test(value);
export const isMailOrEmpty = (value: string): boolean => mailPattern.test(value);
export const isQqOrEmpty = (value: string): boolean => qqPattern.test(value);

const link = z
  .string({ error: 'must be text' })
  .trim()
  .max(siteSettingsLimits.linkMaxChars, `must be at most ${siteSettingsLimits.linkMaxChars} characters`)
  .regex(linkPattern, 'must be an address starting with http:// or https://, or empty to hide the link');

export const sidebarSettings = z
  .object({
    links: z
      .object({ platform: link, complaints: link, service: link, enterprise: link, oldVersion: link, download: link }, { error: 'must name the six links' })
      .strict(),
    contact: z
      .object(
        {
          qq: z.string({ error: 'must be text' }).trim().regex(qqPattern, 'must be a QQ number (5 to 12 digits), or empty'),
          mail: z
            .string({ error: 'must be text' })
            .trim()
            .max(siteSettingsLimits.mailMaxChars, `must be at most ${siteSettingsLimits.mailMaxChars} characters`)
            .regex(mailPattern, 'must be a mail address such as help@example.com, or empty'),
        },
        { error: 'must give qq and mail' },
      )
      .strict(),
  })
  .strict();
export type SidebarSettings = z.output<typeof sidebarSettings>;
export type SaveSidebarRequest = z.input<typeof sidebarSettings>;

export const regionRules = z
  .object({
    /** Empty: the check runs nowhere. */
    primaryHost: z
      .string({ error: 'must be text' })
      .trim()
      .regex(hostPattern, 'must be a bare host name such as www.example.com (no http://, port or path), or empty to check nowhere')
      .toLowerCase(),
    ignoreCookie: z
      .string({ error: 'must be text' })
      .trim()
      .min(1, 'is required')
      .max(siteSettingsLimits.cookieMaxChars, `must be at most ${siteSettingsLimits.cookieMaxChars} characters`)
      .regex(cookieNamePattern, 'must be a cookie name: letters, digits and !#$%&\'*+.^_`|~- only'),
    /** Upper-cased, each once, in the order given. */
    blockedCodes: z
      .array(
        z
          .string({ error: 'must be text' })
          .trim()
          .regex(countryPattern, { error: (issue) => `${String(issue.input)} is not an ISO 3166-1 alpha-2 country code such as CN` })
          .toUpperCase(),
        { error: 'must be a list of country codes' },
      )
      .max(countryCodes.length)
      .transform((codes) => [...new Set(codes)]),
  })
  .strict();
export type RegionRules = z.output<typeof regionRules>;
export type SaveRegionRequest = z.input<typeof regionRules>;

export const resetSiteSettingRequest = z.object({ group: z.enum(siteSettingGroups, { error: `must be one of ${siteSettingGroups.join(', ')}` }) });
export type ResetSiteSettingRequest = z.infer<typeof resetSiteSettingRequest>;

/** Where a group's values come from: saved in the console, or the configuration (environment variables). */
export const siteSettingSource = z.enum(['console', 'configuration']);
export type SiteSettingSource = z.infer<typeof siteSettingSource>;

const plainSidebar = z.object({
  links: z.object({ platform: z.string(), complaints: z.string(), service: z.string(), enterprise: z.string(), oldVersion: z.string(), download: z.string() }),
  contact: z.object({ qq: z.string(), mail: z.string() }),
});
const plainRegion = z.object({ primaryHost: z.string(), ignoreCookie: z.string(), blockedCodes: z.array(z.string()) });
const origin = { source: siteSettingSource, updatedAt: z.iso.datetime({ offset: true }).nullable() };

export const siteSettingsView = z.object({
  sidebar: plainSidebar.extend({ ...origin, defaults: plainSidebar }),
  region: plainRegion.extend({ ...origin, defaults: plainRegion }),
});
export type SiteSettingsView = z.infer<typeof siteSettingsView>;
