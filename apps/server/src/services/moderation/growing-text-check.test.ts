import { describe, expect, it } from 'vitest';
import { checkGrowingText } from './growing-text-check.js';
import { createKeywordMatcher } from './keyword-matcher.js';

/** Feeds `pieces` one by one; the index of the piece that completed a keyword, or 'end', or null. */
function firstFlag(keywords: string[], pieces: string[]): number | 'end' | null {
  const check = checkGrowingText(createKeywordMatcher(keywords));
  for (const [index, piece] of pieces.entries()) if (check.add(piece) !== null) return index;
  return check.end() !== null ? 'end' : null;
}

describe('checking a text as it grows', () => {
  it('finds a keyword split across pieces, in the piece that completes it', () => {
    expect(firstFlag(['赌博'], ['网上', '赌', '博平台'])).toBe(2);
    expect(firstFlag(['guaranteed profit'], ['This is a ', 'guaran', 'teed pro', 'fit', ' offer'])).toBe(4);
  });

  it('decides a Latin keyword at the end only once the next letter (or the end) is known', () => {
    expect(firstFlag(['casino'], ['the casino', 's of Macau'])).toBeNull();
    expect(firstFlag(['casino'], ['the casino', ' of Macau'])).toBe(1);
    expect(firstFlag(['casino'], ['at the ', 'casino'])).toBe('end');
  });

  it('keeps judging whole words correctly far into a long text', () => {
    const filler = Array.from({ length: 400 }, (_, index) => `word${index} `);
    expect(firstFlag(['ass'], [...filler, 'a cl', 'ass', 'ic ', 'pass'])).toBeNull();
    expect(firstFlag(['ass'], [...filler, 'an ', 'ass', ' here'])).toBe(filler.length + 2);
    expect(firstFlag(['赌博'], [...filler, '赌', '博'])).toBe(filler.length + 1);
  });

  it('flags nothing with an empty list', () => {
    expect(firstFlag([], ['anything', ' at all'])).toBeNull();
  });
});
