import { describe, expect, it } from 'vitest';
import { filterTerms } from './knowledge-search-repo.js';

describe('filterTerms', () => {
  it('filters on every word, rarest first, while no word is held by very many chunks', () => {
    const counts = new Map([
      ['account', 900],
      ['real', 40],
    ]);
    expect(filterTerms(['long', 'account', 'real'], counts)).toEqual(['long', 'real', 'account']);
  });

  it('leaves out words held by more than 5,000 chunks while two rarer ones remain', () => {
    const counts = new Map([
      ['账户', 56_000],
      ['真实', 10_200],
      ['注册', 3_600],
    ]);
    expect(filterTerms(['注册', '真实', '账户', '长'], counts)).toEqual(['长', '注册']);
  });

  it('keeps the two rarest words when every word is very common', () => {
    const counts = new Map([
      ['platform', 36_000],
      ['regulated', 31_000],
      ['account', 56_000],
    ]);
    expect(filterTerms(['platform', 'regulated', 'account'], counts)).toEqual(['regulated', 'platform']);
  });

  it('puts numbers last, since a passage need not hold the number a question names', () => {
    const counts = new Map([['deposit', 40]]);
    expect(filterTerms(['500', 'deposit', 'arrive'], counts)).toEqual(['arrive', 'deposit', '500']);
  });

  it('filters on at most 8 words', () => {
    const terms = Array.from({ length: 12 }, (_, index) => `w${index}`);
    expect(filterTerms(terms, new Map())).toEqual(terms.slice(0, 8));
  });
});
