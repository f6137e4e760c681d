import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  fallbackLocale,
  locales,
  regionRules,
  sidebarSettings,
  type RegionRules,
  type SidebarSettings,
  type SiteConfig,
  type SitePage,
  type SitePageSlug,
} from '@parley/contracts';
import type { z } from 'zod';
import type { Config } from '../../config.js';
import { siteRegionKey, siteSidebarKey, type SiteSettingsRepo } from '../../db/repos/site-settings-repo.js';
import { AppError } from '../../platform/app-error.js';

/** The groups of site settings operators may change in the console, as the configuration sets them. */
export interface ConfiguredSiteSettings {
  sidebar: SidebarSettings;
  region: RegionRules;
}

/** The settings that give the groups' defaults. */
export type SiteSettingsConfig = Pick<
  Config,
  | 'LINK_PLATFORM_URL'
  | 'LINK_COMPLAINTS_URL'
  | 'LINK_SERVICE_URL'
  | 'LINK_ENTERPRISE_URL'
  | 'LINK_OLD_VERSION_URL'
  | 'LINK_DOWNLOAD_URL'
  | 'CONTACT_QQ'
  | 'CONTACT_MAIL'
  | 'REGION_PRIMARY_HOST'
  | 'REGION_IGNORE_COOKIE'
  | 'REGION_BLOCKED_CODES'
>;

/** LINK_*, CONTACT_* and REGION_*: what the site serves until an operator saves a group in the console. */
export function configuredSiteSettings(config: SiteSettingsConfig): ConfiguredSiteSettings {
  return {
    sidebar: {
      links: {
        platform: config.LINK_PLATFORM_URL,
        complaints: config.LINK_COMPLAINTS_URL,
        service: config.LINK_SERVICE_URL,
        enterprise: config.LINK_ENTERPRISE_URL,
        oldVersion: config.LINK_OLD_VERSION_URL,
        download: config.LINK_DOWNLOAD_URL,
      },
      contact: { qq: config.CONTACT_QQ, mail: config.CONTACT_MAIL },
    },
    region: {
      primaryHost: config.REGION_PRIMARY_HOST.toLowerCase(),
      ignoreCookie: config.REGION_IGNORE_COOKIE,
      blockedCodes: config.REGION_BLOCKED_CODES.map((code) => code.toUpperCase()),
    },
  };
}

/** A group as an operator saved it in the console, and when. */
export interface SavedSiteSetting<T> {
  value: T;
  savedAt: Date;
}

/** The groups saved in the console; null where the configuration's applies. */
export interface SavedSiteSettings {
  sidebar: SavedSiteSetting<SidebarSettings> | null;
  region: SavedSiteSetting<RegionRules> | null;
}

export const siteSettingKeys = { sidebar: siteSidebarKey, region: siteRegionKey } as const;

function savedAs<T>(schema: z.ZodType<T>, row: { value: unknown; updatedAt: Date } | null): SavedSiteSetting<T> | null {
  // a value that no longer passes the rules (they changed since) counts as unsaved: the configuration's applies
  const parsed = row ? schema.safeParse(row.value) : null;
  return row && parsed?.success ? { value: parsed.data, savedAt: row.updatedAt } : null;
}

/** The site settings saved in the console (site_settings). */
export async function readSavedSiteSettings(settings: Pick<SiteSettingsRepo, 'read'>): Promise<SavedSiteSettings> {
  const [sidebar, region] = await Promise.all([settings.read(siteSettingKeys.sidebar), settings.read(siteSettingKeys.region)]);
  return { sidebar: savedAs(sidebarSettings, sidebar), region: savedAs(regionRules, region) };
}

const nothingSaved: SavedSiteSettings = { sidebar: null, region: null };

/**
 * What the web may know of the configuration: links, contacts, the region gate, the data
 * constants, the image hosts; the groups saved in the console in place of the configuration's.
 */
export function publicSiteConfig(config: Config, saved: SavedSiteSettings = nothingSaved): SiteConfig {
  const configured = configuredSiteSettings(config);
  const brokerSite = config.BROKER_SITE_URL.replace(/\/+$/, '');
  const sidebar = saved.sidebar?.value ?? configured.sidebar;
  return {
    regionGate: saved.region?.value ?? configured.region,
    links: sidebar.links,
    contact: sidebar.contact,
    brokerSite: {
      detailUrl: `${brokerSite}${config.BROKER_DETAIL_PATH}`,
      searchUrl: `${brokerSite}${config.BROKER_SEARCH_PATH}`,
    },
    dataCipher: { keyConstant: config.DATA_CIPHER_KEY, ivConstant: config.DATA_CIPHER_IV },
    images: { allowedHosts: config.IMAGE_HOSTS_ALLOWED },
  };
}

function supportedLocale(requested: string | undefined): string {
  const match = locales.find((locale) => locale.toLowerCase() === requested?.toLowerCase());
  return match ?? fallbackLocale;
}

/** Page texts operators saved in the console (site settings), by page and language. */
export interface SavedPages {
  read: (slug: SitePageSlug, locale: string) => Promise<{ markdown: string; savedAt: Date } | null>;
}

/** A page's text as the site shows it, and where it came from. */
export interface ResolvedPage {
  markdown: string;
  /** The language of the text: the one asked for, or en-US when that one has none. */
  locale: string;
  source: 'console' | 'file' | 'default';
  savedAt: Date | null;
}

/**
 * Operator-edited Markdown pages: the text saved in the console, else `<contentDir>/<slug>/<locale>.md`,
 * in the reader's language, else the operator's en-US text, else the bundled default (the
 * language, else en-US). Read on every request, so edits show without a restart.
 */
export function createSitePages({ contentDir, defaultsDir, saved }: { contentDir: string; defaultsDir: string; saved?: SavedPages }) {
  async function read(dir: string, slug: SitePageSlug, locale: string): Promise<string | null> {
    try {
      return await readFile(path.join(dir, slug, `${locale}.md`), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }
  const sameDir = path.resolve(contentDir) === path.resolve(defaultsDir);

  async function resolve(slug: SitePageSlug, requestedLocale: string | undefined): Promise<ResolvedPage> {
    const candidates = [...new Set([supportedLocale(requestedLocale), fallbackLocale])];
    // the operator's text (the console's, then a file) in the language, then theirs in en-US: a
    // page they rewrote reads as theirs before the shipped text does
    for (const locale of candidates) {
      const stored = await saved?.read(slug, locale);
      if (stored) return { markdown: stored.markdown, locale, source: 'console', savedAt: stored.savedAt };
      const file = await read(contentDir, slug, locale);
      if (file !== null) return { markdown: file, locale, source: sameDir ? 'default' : 'file', savedAt: null };
    }
    if (!sameDir) {
      for (const locale of candidates) {
        const builtIn = await read(defaultsDir, slug, locale);
        if (builtIn !== null) return { markdown: builtIn, locale, source: 'default', savedAt: null };
      }
    }
    throw new AppError('NOT_FOUND', 'This page has no content yet.');
  }

  return {
    resolve,
    async page(slug: SitePageSlug, requestedLocale: string | undefined): Promise<SitePage> {
      const found = await resolve(slug, requestedLocale);
      return { slug, locale: found.locale, markdown: found.markdown };
    },
  };
}
