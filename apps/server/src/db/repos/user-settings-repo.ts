import { eq, sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { userSettings } from '../schema/index.js';

export interface StoredSettings {
  settings: Record<string, unknown>;
  updatedAt: Date;
}

/** One settings record per user; every query is keyed by the user it belongs to. */
export function userSettingsRepo(db: Database) {
  return {
    async get(userId: string): Promise<StoredSettings | null> {
      const [row] = await db
        .select({ settings: userSettings.settings, updatedAt: userSettings.updatedAt })
        .from(userSettings)
        .where(eq(userSettings.userId, userId));
      return row ?? null;
    },

    async save(userId: string, settings: Record<string, unknown>): Promise<StoredSettings> {
      const [row] = await db
        .insert(userSettings)
        .values({ userId, settings })
        .onConflictDoUpdate({ target: userSettings.userId, set: { settings, updatedAt: sql`now()` } })
        .returning({ settings: userSettings.settings, updatedAt: userSettings.updatedAt });
      if (!row) throw new Error('settings upsert returned no row');
      return row;
    },
  };
}

export type UserSettingsRepo = ReturnType<typeof userSettingsRepo>;
