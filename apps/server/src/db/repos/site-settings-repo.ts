import { eq, sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { siteSettings } from '../schema/index.js';

/** The operator-maintained words that keep an agent from being published (site_settings). */
export const blockedKeywordsKey = 'moderation.blocked_keywords';

/** The operator's changes to the official assistant over its built-in texts (contracts `officialProfile`). */
export const officialProfileKey = 'official.profile';

/** The sidebar's links and contact details, and the region rules, as operators saved them over the configuration's (contracts admin-site.ts). */
export const siteSidebarKey = 'site.sidebar';
export const siteRegionKey = 'site.region';

/** Runtime settings operators change without a restart. */
export function siteSettingsRepo(db: Database) {
  return {
    async get(key: string): Promise<unknown> {
      const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, key));
      return row?.value;
    },

    /** The setting and when it was last saved; null while unset. */
    async read(key: string): Promise<{ value: unknown; updatedAt: Date } | null> {
      const [row] = await db.select({ value: siteSettings.value, updatedAt: siteSettings.updatedAt }).from(siteSettings).where(eq(siteSettings.key, key));
      return row ?? null;
    },

    /** When the setting was last saved, to the microsecond (null while unset): what a cache of it is keyed by. */
    async savedAt(key: string): Promise<string | null> {
      const [row] = await db
        .select({ savedAt: sql<string>`${siteSettings.updatedAt}::text` })
        .from(siteSettings)
        .where(eq(siteSettings.key, key));
      return row?.savedAt ?? null;
    },

    /** Inside a transaction: waits for, then holds off until it ends, any other change of the setting made under this lock. */
    async lockForChange(key: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`site_settings:${key}`}, 0))`);
    },

    async set(key: string, value: unknown): Promise<void> {
      await db
        .insert(siteSettings)
        .values({ key, value })
        .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: sql`now()` } });
    },

    /** Unsets the setting: whatever stands in for it when unset applies again. */
    async remove(key: string): Promise<void> {
      await db.delete(siteSettings).where(eq(siteSettings.key, key));
    },
  };
}

export type SiteSettingsRepo = ReturnType<typeof siteSettingsRepo>;
