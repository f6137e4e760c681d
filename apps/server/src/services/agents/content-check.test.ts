import { describe, expect, it } from 'vitest';
import { containsKeyword, keywordProblems } from './content-check.js';

describe('containsKeyword', () => {
  it('finds Chinese keywords anywhere (no spaces between words); traditional forms need their own entry', () => {
    expect(containsKeyword('网上赌博平台推荐', '赌博')).toBe(true);
    expect(containsKeyword('網上賭博', '赌博')).toBe(false);
  });

  it('finds Latin keywords only as whole words, ignoring case and full-width forms', () => {
    expect(containsKeyword('Best CASINO bonus', 'casino')).toBe(true);
    expect(containsKeyword('ｃａｓｉｎｏ night', 'casino')).toBe(true);
    expect(containsKeyword('casino-style games', 'casino')).toBe(true);
    expect(containsKeyword('Casinos and occasional notes', 'casino')).toBe(false);
    expect(containsKeyword('a classic pass', 'ass')).toBe(false);
    expect(containsKeyword('free money scheme', 'free money')).toBe(true);
  });

  it('never matches an empty keyword', () => {
    expect(containsKeyword('anything', '   ')).toBe(false);
  });
});

describe('keywordProblems', () => {
  it('names each field once, with the first listed keyword it contains', () => {
    const texts = [
      { path: 'name', text: 'Casino 赌博 bot' },
      { path: 'intro', text: 'clean' },
    ];
    expect(keywordProblems(texts, ['赌博', 'casino'])).toEqual([
      { path: 'name', message: 'Contains a word that is not allowed in public agents: "赌博"', source: 'keywords', word: '赌博' },
    ]);
  });
});
