import { describe, expect, it } from 'vitest';
import { cachedKeywordMatcher } from './keyword-matcher-cache.js';

/** A keyword list kept like site settings keep it: a version that changes with each save, and reads counted. */
function savedList(keywords: string[]) {
  const list = { keywords, version: null as string | null, reads: 0 };
  return {
    list,
    source: {
      version: async () => list.version,
      read: async () => {
        list.reads += 1;
        return list.keywords;
      },
    },
  };
}

describe('the keyword matcher in force', () => {
  it('is compiled once per saved version of the list, and again after a save', async () => {
    const { list, source } = savedList(['casino']);
    const current = cachedKeywordMatcher(source);
    const [first, second] = await Promise.all([current(), current()]);
    expect(first.matcher).toBe(second.matcher);
    expect(await current()).toEqual({ matcher: first.matcher, saved: false });
    expect(list.reads).toBe(1);

    list.keywords = ['赌博'];
    list.version = '2025-01-01 00:00:00.000001+00';
    const { matcher, saved } = await current();
    expect(saved).toBe(true);
    expect(matcher.firstListed('网上赌博')).toBe('赌博');
    expect(matcher.firstListed('casino night')).toBeNull();
    expect(list.reads).toBe(2);
  });

  it('asks for the version once for checks made at once, and again for a check made after', async () => {
    const { list, source } = savedList(['casino']);
    let versionReads = 0;
    const current = cachedKeywordMatcher({ ...source, version: () => ((versionReads += 1), source.version()) });
    await Promise.all([current(), current(), current()]);
    expect(versionReads).toBe(1);
    list.version = '2025-01-01 00:00:00.000001+00';
    list.keywords = ['赌博'];
    expect((await current()).saved).toBe(true);
    expect(versionReads).toBe(2);
  });

  it('reads the list again after a failed read', async () => {
    const { list, source } = savedList(['casino']);
    let failing = true;
    const current = cachedKeywordMatcher({
      ...source,
      read: () => (failing ? Promise.reject(new Error('database unavailable')) : source.read()),
    });
    await expect(current()).rejects.toThrow('database unavailable');
    failing = false;
    expect((await current()).matcher.firstListed('casino night')).toBe('casino');
    expect(list.reads).toBe(1);
  });
});
