import type { KeywordMatcher } from './keyword-matcher.js';

/**
 * Checks a text that grows piece by piece (an answer as it streams) against the keyword list,
 * reading each piece once: every check looks only at the new piece and the tail before it, long
 * enough that a keyword split across pieces is still seen whole, with a letter of context on
 * either side. Folding (NFKC) may change lengths, so the tail is kept generously.
 */
export function checkGrowingText(matcher: KeywordMatcher) {
  const keep = matcher.longest * 4 + 8;
  let tail = '';
  let cutOff = false;

  return {
    /** The keyword the text now contains with `piece` added, or null. */
    add(piece: string): string | null {
      if (matcher.size === 0) return null;
      const window = tail + piece;
      const found = matcher.firstListed(window, { openStart: cutOff, openEnd: true });
      cutOff = cutOff || window.length > keep;
      tail = window.length > keep ? window.slice(-keep) : window;
      return found;
    },
    /** The text has ended: a Latin keyword at its very end now stands as a word. */
    end(): string | null {
      if (matcher.size === 0) return null;
      return matcher.firstListed(tail, { openStart: cutOff });
    },
  };
}
