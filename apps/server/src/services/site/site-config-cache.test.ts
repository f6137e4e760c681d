import type { SiteConfig } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { createSiteConfigCache, siteConfigMaxAgeMs } from './site-config-cache.js';

/** A site config told apart by its platform link. */
const configWith = (platform: string) => ({ links: { platform } }) as SiteConfig;

function setup() {
  const clock = { now: 0 };
  const database = { platform: 'https://one.example.com', reads: 0, failing: false };
  const cache = createSiteConfigCache({
    load: async () => {
      database.reads += 1;
      if (database.failing) throw new Error('database unavailable');
      return configWith(database.platform);
    },
    now: () => clock.now,
  });
  return { clock, database, cache };
}

describe('the site config an instance serves', () => {
  it('is read from the database once, then served from memory for about 30 seconds', async () => {
    const { clock, database, cache } = setup();
    expect((await cache.current()).links.platform).toBe('https://one.example.com');
    database.platform = 'https://two.example.com';
    clock.now = siteConfigMaxAgeMs - 1;
    expect((await cache.current()).links.platform).toBe('https://one.example.com');
    expect(database.reads).toBe(1);

    clock.now = siteConfigMaxAgeMs;
    expect((await cache.current()).links.platform).toBe('https://two.example.com');
    expect(database.reads).toBe(2);
  });

  it('is read again at the next request after a save on this instance', async () => {
    const { database, cache } = setup();
    await cache.current();
    database.platform = 'https://saved.example.com';
    cache.forget();
    expect((await cache.current()).links.platform).toBe('https://saved.example.com');
  });

  it('does not keep a read that began before the save', async () => {
    const { database, cache } = setup();
    const before = cache.current();
    database.platform = 'https://saved.example.com';
    cache.forget();
    await before;
    expect((await cache.current()).links.platform).toBe('https://saved.example.com');
  });

  it('reads once for requests that arrive together', async () => {
    const { database, cache } = setup();
    await Promise.all([cache.current(), cache.current(), cache.current()]);
    expect(database.reads).toBe(1);
  });

  it('keeps serving the last config while the database cannot be read, and tries again each time', async () => {
    const { clock, database, cache } = setup();
    await cache.current();
    database.failing = true;
    clock.now = siteConfigMaxAgeMs * 2;
    expect((await cache.current()).links.platform).toBe('https://one.example.com');
    expect((await cache.current()).links.platform).toBe('https://one.example.com');
    expect(database.reads).toBe(3);
    database.failing = false;
    database.platform = 'https://back.example.com';
    expect((await cache.current()).links.platform).toBe('https://back.example.com');
  });

  it('fails the first request when there is nothing read yet to serve', async () => {
    const { database, cache } = setup();
    database.failing = true;
    await expect(cache.current()).rejects.toThrow('database unavailable');
  });
});
