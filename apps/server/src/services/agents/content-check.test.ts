import { describe, expect, it } from 'vitest';
import { createKeywordMatcher } from '../moderation/keyword-matcher.js';
import { keywordProblems } from './content-check.js';

describe('keywordProblems', () => {
  it('names each field once, with the first listed keyword it contains', () => {
    const texts = [
      { path: 'name', text: 'Casino 赌博 bot' },
      { path: 'intro', text: 'clean' },
    ];
    expect(keywordProblems(texts, createKeywordMatcher(['赌博', 'casino']))).toEqual([
      { path: 'name', message: 'Contains a word that is not allowed in public agents: "赌博"', source: 'keywords', word: '赌博' },
    ]);
  });
});
