import { userSettings, type SettingsData, type UserSettings } from '@parley/contracts';
import type { UserSettingsRepo } from '../../db/repos/user-settings-repo.js';

/** A logged-in user's settings, so they follow the user to another browser. */
export function createSettingsService({ settings }: { settings: UserSettingsRepo }) {
  return {
    async get(userId: string): Promise<SettingsData> {
      const stored = await settings.get(userId);
      // A record saved by an older version with a field that no longer fits counts as none.
      const parsed = stored ? userSettings.safeParse(stored.settings) : null;
      if (!stored || !parsed?.success) return { settings: null, updatedAt: null };
      return { settings: parsed.data, updatedAt: stored.updatedAt.toISOString() };
    },

    async save(userId: string, next: UserSettings): Promise<SettingsData> {
      const saved = await settings.save(userId, next);
      return { settings: next, updatedAt: saved.updatedAt.toISOString() };
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
