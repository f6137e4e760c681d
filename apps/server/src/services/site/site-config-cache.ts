import type { SiteConfig } from '@parley/contracts';

/** How long an instance serves the site config it read before reading it again. */
export const siteConfigMaxAgeMs = 30_000;

export interface SiteConfigCacheDeps {
  /** The configuration merged with the settings saved in the console (one database read). */
  load: () => Promise<SiteConfig>;
  maxAgeMs?: number;
  now?: () => number;
}

/**
 * GET /site/config is asked on every page load, so the merged config is kept in memory rather
 * than read from the database per request. A save in the console on this instance calls
 * `forget`, so its next request serves the change; the other instances behind the same database
 * read it again when theirs is older than `maxAgeMs` (~30 s). While the database cannot be read,
 * the last config read keeps being served, and each request tries again.
 */
export function createSiteConfigCache({ load, maxAgeMs = siteConfigMaxAgeMs, now = Date.now }: SiteConfigCacheDeps) {
  let cached: { value: SiteConfig; loadedAt: number } | null = null;
  // bumped by `forget`: a read that began before a save must not be kept as current
  let generation = 0;
  let loading: { generation: number; value: Promise<SiteConfig> } | null = null;

  function reload(): Promise<SiteConfig> {
    if (loading?.generation === generation) return loading.value;
    const started = generation;
    const entry = {
      generation: started,
      value: load().then((value) => {
        if (started === generation) cached = { value, loadedAt: now() };
        return value;
      }),
    };
    loading = entry;
    const done = () => {
      if (loading === entry) loading = null;
    };
    entry.value.then(done, done);
    return entry.value;
  }

  return {
    async current(): Promise<SiteConfig> {
      if (cached === null) return reload();
      if (now() - cached.loadedAt < maxAgeMs) return cached.value;
      const stale = cached.value;
      return reload().catch(() => stale);
    },

    /** After a change saved on this instance: the next request reads the config again. */
    forget(): void {
      generation += 1;
      if (cached) cached = { ...cached, loadedAt: Number.NEGATIVE_INFINITY };
    },
  };
}

export type SiteConfigCache = ReturnType<typeof createSiteConfigCache>;
