import { sharedReads } from '../../db/shared-reads.js';
import { createKeywordMatcher, type KeywordMatcher } from './keyword-matcher.js';

/** The operators' keyword list as site settings keep it, with what changes when it is saved. */
export interface KeywordListSource {
  /** Changes whenever the list is saved; null while operators have saved none (the shipped list applies). */
  version(): Promise<string | null>;
  /** The list in force: the saved one, else the shipped one. */
  read(): Promise<readonly string[]>;
}

/** The keyword list in force, compiled, and whether operators saved it. */
export interface CompiledKeywords {
  matcher: KeywordMatcher;
  saved: boolean;
}

/**
 * The keyword list in force, compiled once per saved version of it: each check asks only for the
 * version (checks asking at once share one read of it), and the list is read and compiled again
 * after it changed (on this instance or another one sharing the database).
 */
export function cachedKeywordMatcher(list: KeywordListSource): () => Promise<CompiledKeywords> {
  let cached: { version: string | null; compiled: Promise<CompiledKeywords> } | null = null;
  const readVersion = sharedReads<void, string | null>(() => list.version());
  return async function currentKeywords() {
    const version = await readVersion();
    if (cached === null || cached.version !== version) {
      const compiled = list.read().then((keywords) => ({ matcher: createKeywordMatcher(keywords), saved: version !== null }));
      const entry = { version, compiled };
      cached = entry;
      // a failed read is not kept: the next check reads again
      compiled.catch(() => {
        if (cached === entry) cached = null;
      });
    }
    return cached.compiled;
  };
}
