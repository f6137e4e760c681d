import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fallbackLocale, locales, type SiteConfig, type SitePage, type SitePageSlug } from '@parley/contracts';
import type { Config } from '../../config.js';
import { AppError } from '../../platform/app-error.js';

/** What the web may know of the configuration: links, contacts, the region gate, the data constants, the image hosts. */
export function publicSiteConfig(config: Config): SiteConfig {
  const brokerSite = config.BROKER_SITE_URL.replace(/\/+$/, '');
  return {
    regionGate: {
      primaryHost: config.REGION_PRIMARY_HOST.toLowerCase(),
      ignoreCookie: config.REGION_IGNORE_COOKIE,
      blockedCodes: config.REGION_BLOCKED_CODES.map((code) => code.toUpperCase()),
    },
    links: {
      platform: config.LINK_PLATFORM_URL,
      complaints: config.LINK_COMPLAINTS_URL,
      service: config.LINK_SERVICE_URL,
      enterprise: config.LINK_ENTERPRISE_URL,
      oldVersion: config.LINK_OLD_VERSION_URL,
      download: config.LINK_DOWNLOAD_URL,
    },
    contact: { qq: config.CONTACT_QQ, mail: config.CONTACT_MAIL },
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

/**
 * Operator-edited Markdown pages read from `<contentDir>/<slug>/<locale>.md`. A page the
 * operator has not written in the locale comes from their en-US file, else from the bundled
 * defaults (the locale, else en-US). Read on every request, so edits show without a restart.
 */
export function createSitePages({ contentDir, defaultsDir }: { contentDir: string; defaultsDir: string }) {
  async function read(dir: string, slug: SitePageSlug, locale: string): Promise<string | null> {
    try {
      return await readFile(path.join(dir, slug, `${locale}.md`), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }
  const dirs = path.resolve(contentDir) === path.resolve(defaultsDir) ? [contentDir] : [contentDir, defaultsDir];
  return {
    async page(slug: SitePageSlug, requestedLocale: string | undefined): Promise<SitePage> {
      const locale = supportedLocale(requestedLocale);
      for (const dir of dirs) {
        for (const candidate of new Set([locale, fallbackLocale])) {
          const markdown = await read(dir, slug, candidate);
          if (markdown !== null) return { slug, locale: candidate, markdown };
        }
      }
      throw new AppError('NOT_FOUND', 'This page has no content yet.');
    },
  };
}
