import { describe, expect, it } from 'vitest';
import { discoverTsQuery } from './agent-repo.js';

describe('discoverTsQuery', () => {
  it('needs every word; Latin words match as prefixes while typing', () => {
    expect(discoverTsQuery('Gold beginners')).toBe('gold:* & beginner:*');
  });

  it('matches a Chinese word whole or as its characters in a row', () => {
    expect(discoverTsQuery('外汇')).toBe('(外汇 | 外 <-> 汇)');
  });

  it('gives nothing to search for when only stop words or punctuation remain', () => {
    expect(discoverTsQuery('the ??? 的')).toBeNull();
  });
});
