import { builtInSiteContentDir, type Config } from '../config.js';
import type { Database } from '../db/client.js';
import { sitePageRepo } from '../db/repos/site-page-repo.js';
import { createSitePages } from '../services/site/site-service.js';

/** The site pages: the console's saved texts, SITE_CONTENT_DIR's files, the built-in defaults. */
export function sitePagesOn(db: Database, config: Pick<Config, 'SITE_CONTENT_DIR'>) {
  return createSitePages({ contentDir: config.SITE_CONTENT_DIR, defaultsDir: builtInSiteContentDir, saved: sitePageRepo(db) });
}
