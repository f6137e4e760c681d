import { describe, expect, it } from 'vitest';
import { createKeywordMatcher } from './keyword-matcher.js';

/** Whether `text` contains `keyword`, by a matcher of that one keyword. */
const contains = (text: string, keyword: string) => createKeywordMatcher([keyword]).firstListed(text) !== null;

describe('a keyword matcher', () => {
  it('finds Chinese keywords anywhere (no spaces between words); traditional forms need their own entry', () => {
    expect(contains('网上赌博平台推荐', '赌博')).toBe(true);
    expect(contains('網上賭博', '赌博')).toBe(false);
  });

  it('finds Latin keywords only as whole words, ignoring case and full-width forms', () => {
    expect(contains('Best CASINO bonus', 'casino')).toBe(true);
    expect(contains('ｃａｓｉｎｏ night', 'casino')).toBe(true);
    expect(contains('casino-style games', 'casino')).toBe(true);
    expect(contains('Casinos and occasional notes', 'casino')).toBe(false);
    expect(contains('a classic pass', 'ass')).toBe(false);
    expect(contains('free money scheme', 'free money')).toBe(true);
    // a later occurrence that stands as a word still counts
    expect(contains('classic ass', 'ass')).toBe(true);
  });

  it('never matches an empty keyword, and an empty list matches nothing', () => {
    expect(contains('anything', '   ')).toBe(false);
    expect(createKeywordMatcher([]).firstListed('anything')).toBeNull();
  });

  it('answers the keyword that comes first in the list, as listed', () => {
    const matcher = createKeywordMatcher(['Ponzi scheme', 'casino', '赌博']);
    expect(matcher.firstListed('赌博 at the casino')).toBe('casino');
    expect(matcher.firstListed('A PONZI SCHEME and a casino')).toBe('Ponzi scheme');
  });

  it('leaves a Latin keyword at an open edge of a window undecided', () => {
    const matcher = createKeywordMatcher(['casino']);
    expect(matcher.firstListed('the casino', { openEnd: true })).toBeNull();
    expect(matcher.firstListed('casino night', { openStart: true })).toBeNull();
    expect(matcher.firstListed('the casino ', { openEnd: true })).toBe('casino');
    expect(createKeywordMatcher(['赌博']).firstListed('网上赌博', { openEnd: true })).toBe('赌博');
  });

  it('finds the keyword listed first among 5,000, Latin and Chinese, in a long text', () => {
    const keywords = Array.from({ length: 5000 }, (_, index) => (index % 2 === 0 ? `blocked phrase ${index}` : `第${index}号违禁词`));
    const matcher = createKeywordMatcher(keywords);
    const text = `${'An ordinary sentence about spreads and margin. '.repeat(2000)}Then blocked phrase 4998 appears.`;
    expect(matcher.firstListed(text)).toBe('blocked phrase 4998');
    expect(matcher.firstListed(`${text.slice(0, 5000)}第4999号违禁词`)).toBe('第4999号违禁词');
    expect(matcher.firstListed(text.replace('4998', '49980'))).toBeNull();
  });
});
