import { describe, expect, it } from 'vitest';
import { isMostlyCjk, isNumberTerm, searchTerms, segmentForIndex, segmentWords, termCoverage } from './segment.js';

describe('segmentWords', () => {
  it('splits Chinese into dictionary words and keeps Latin words, lower case, without punctuation', () => {
    expect(segmentWords('如何查询外汇经纪商的监管牌照？MT4 Server!')).toEqual([
      '如何', '查询', '外汇', '经纪', '商', '的', '监管', '牌照', 'mt4', 'server',
    ]);
  });

  it('normalises full-width letters and digits before splitting', () => {
    expect(segmentWords('ＡＢＣ１２３ 和 ＦＣＡ')).toEqual(['abc123', '和', 'fca']);
  });

  it('folds English plurals so either form finds the other', () => {
    expect(segmentWords('Brokers currencies pips access bonus analysis')).toEqual([
      'broker', 'currency', 'pip', 'access', 'bonus', 'analysis',
    ]);
  });

  it('leaves only letters and digits in every word, so words are safe in a tsquery', () => {
    const words = segmentWords(`don't | & ! ( ) : * ' "x-y" 3.5% a<->b 'quoted' \\ 监管:牌照`);
    expect(words).toEqual(['don', '3', '5', 'quoted', '监管', '牌照']);
    for (const word of words) expect(word).toMatch(/^[\p{L}\p{N}\p{M}]+$/u);
  });

});

describe('segmentForIndex', () => {
  it('stores words space-separated, Chinese words followed by their characters', () => {
    expect(segmentForIndex('查询牌照, FCA register')).toBe('查询 查 询 牌照 牌 照 fca register');
  });

  it('is empty for text without words', () => {
    expect(segmentForIndex('？！…')).toBe('');
  });
});

describe('searchTerms', () => {
  it('keeps the distinct meaningful words of a question', () => {
    expect(searchTerms('什么是点差？点差大吗')).toEqual(['点差', '大']);
    expect(searchTerms('What is a spread and how do spreads work?')).toEqual(['spread', 'work']);
  });

  it('is empty when a question has only common words', () => {
    expect(searchTerms('what is this?')).toEqual([]);
    expect(searchTerms('这是什么')).toEqual([]);
  });

  it('leaves out the words of the question form, which name no topic', () => {
    expect(searchTerms('这个经纪商有没有牌照？')).toEqual(['经纪', '商', '牌照']);
    expect(searchTerms('爆仓是怎么回事')).toEqual(['爆', '仓']);
    expect(searchTerms('入金多久到账？')).toEqual(searchTerms('入金要几天到账？'));
    expect(searchTerms('How much commission does a broker charge per lot?')).toEqual(['commission', 'broker', 'charge', 'per', 'lot']);
  });
});

describe('termCoverage', () => {
  const holds = (words: string[]) => (term: string) => words.includes(term);

  it('is the share of the terms found', () => {
    expect(termCoverage(['入金', '账', '美元'], holds(['入金', '账']))).toBe(0.667);
    expect(termCoverage(['spread'], holds(['spread']))).toBe(1);
  });

  it('counts a number only when it is found, so a number in a question never lowers a match', () => {
    expect(termCoverage(['入金', '500', '账'], holds(['入金', '账']))).toBe(1);
    expect(termCoverage(['mt4', '2'], holds(['mt4', '2']))).toBe(1);
    expect(termCoverage(['2025'], holds([]))).toBe(0);
    expect(isNumberTerm('500')).toBe(true);
    expect(isNumberTerm('mt4')).toBe(false);
  });
});

describe('isMostlyCjk', () => {
  it.each([
    ['如何查询监管牌照', true],
    ['MT4服务器怎么找', true],
    ['How do I check a licence?', false],
    ['FCA', false],
    ['', false],
  ])('%s → %s', (text, expected) => {
    expect(isMostlyCjk(text)).toBe(expected);
  });
});
