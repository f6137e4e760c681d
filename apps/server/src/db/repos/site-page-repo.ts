import { eq, sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { siteSettings } from '../schema/index.js';

const keyOf = (slug: string, locale: string) => `site_page.${slug}.${locale}`;

/** Site page texts operators saved in the console, one site setting per page and language. */
export function sitePageRepo(db: Database) {
  return {
    async read(slug: string, locale: string): Promise<{ markdown: string; savedAt: Date } | null> {
      const [row] = await db.select({ value: siteSettings.value, savedAt: siteSettings.updatedAt }).from(siteSettings).where(eq(siteSettings.key, keyOf(slug, locale)));
      const markdown = (row?.value as { markdown?: unknown } | undefined)?.markdown;
      return row && typeof markdown === 'string' ? { markdown, savedAt: row.savedAt } : null;
    },

    async write(slug: string, locale: string, markdown: string): Promise<void> {
      const value = { markdown };
      await db
        .insert(siteSettings)
        .values({ key: keyOf(slug, locale), value })
        .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: sql`now()` } });
    },
  };
}

export type SitePageRepo = ReturnType<typeof sitePageRepo>;
