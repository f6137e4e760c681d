import AhoCorasick from 'modern-ahocorasick';

const letterOrDigit = /[\p{L}\p{N}]/u;
const latinWords = /^[\p{Script=Latin}\p{N}\s'-]+$/u;

/** Case and width folded: "ＣＡＳＩＮＯ" and "Casino" read as "casino". */
export function normaliseForMatching(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/** Where in a text a keyword is looked for, when the text is a window of a longer one. */
export interface MatchEdges {
  /** The text goes on before its start, unseen: a Latin keyword at its very start cannot be judged. */
  openStart?: boolean;
  /** The text goes on after its end, unseen: a Latin keyword at its very end cannot be judged yet. */
  openEnd?: boolean;
}

export interface KeywordMatcher {
  /** How many usable keywords it holds; 0 matches nothing. */
  readonly size: number;
  /** Length of the longest keyword, folded, in UTF-16 units: the overlap a check of growing text keeps. */
  readonly longest: number;
  /** The keyword found in `text` that comes first in the list (as listed), or null. */
  firstListed(text: string, edges?: MatchEdges): string | null;
}

/**
 * The operator's keyword list, compiled once into an Aho-Corasick automaton: a text is read in one
 * pass however many thousands of keywords there are. Chinese has no spaces between words, so CJK
 * (and any non-Latin) keywords match anywhere; a Latin keyword must stand as a word ("ass" does not
 * refuse "class"). Case and full-width forms are folded; simplified and traditional Chinese are not.
 */
export function createKeywordMatcher(keywords: readonly string[]): KeywordMatcher {
  const listed: string[] = [];
  const patterns: string[] = [];
  const wholeWord: boolean[] = [];
  for (const keyword of keywords) {
    const pattern = normaliseForMatching(keyword).trim();
    if (pattern === '') continue;
    listed.push(keyword);
    patterns.push(pattern);
    wholeWord.push(latinWords.test(pattern));
  }
  const automaton = new AhoCorasick(patterns);
  const longest = patterns.reduce((max, pattern) => Math.max(max, pattern.length), 0);

  return {
    size: patterns.length,
    longest,
    firstListed(text, edges = {}) {
      if (patterns.length === 0) return null;
      const haystack = normaliseForMatching(text);
      let first = -1;
      for (const { patternIndex, start, end } of automaton.iterate(haystack)) {
        if (first !== -1 && patternIndex >= first) continue;
        if (wholeWord[patternIndex]) {
          const before = haystack[start - 1];
          const after = haystack[end];
          if ((before === undefined && edges.openStart) || (after === undefined && edges.openEnd)) continue;
          if (letterOrDigit.test(before ?? ' ') || letterOrDigit.test(after ?? ' ')) continue;
        }
        first = patternIndex;
        if (first === 0) break;
      }
      return first === -1 ? null : (listed[first] ?? null);
    },
  };
}
