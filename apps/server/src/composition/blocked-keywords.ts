import type { Database } from '../db/client.js';
import { blockedKeywordsKey, siteSettingsRepo } from '../db/repos/site-settings-repo.js';
import { defaultBlockedKeywords } from '../services/agents/default-blocked-keywords.js';

/**
 * The words that keep an agent from being published, as operators keep them in site settings;
 * the shipped default list until they save one (an empty one switches keywords off). On a
 * transaction's handle, `lock` holds other changes of the list off until it ends.
 */
export function blockedKeywords(db: Database) {
  const settings = siteSettingsRepo(db);
  return {
    read: async () => {
      const value = await settings.get(blockedKeywordsKey);
      if (value === undefined || value === null) return [...defaultBlockedKeywords];
      return Array.isArray(value) ? value.filter((word): word is string => typeof word === 'string') : [];
    },
    write: (keywords: string[]) => settings.set(blockedKeywordsKey, keywords),
    version: () => settings.savedAt(blockedKeywordsKey),
    lock: () => settings.lockForChange(blockedKeywordsKey),
  };
}

export type BlockedKeywords = ReturnType<typeof blockedKeywords>;
