import { describe, expect, it } from 'vitest';
import { compactCount, likeRatio } from './figures';

describe('likeRatio', () => {
  it('is the rounded percentage of good feedback', () => {
    expect(likeRatio(2, 1)).toBe(67);
    expect(likeRatio(5, 0)).toBe(100);
    expect(likeRatio(0, 4)).toBe(0);
  });

  it('is null while nobody has rated the agent', () => {
    expect(likeRatio(0, 0)).toBeNull();
  });
});

describe('compactCount', () => {
  it('shortens large counts in the reader language', () => {
    expect(compactCount(950, 'en-US')).toBe('950');
    expect(compactCount(12_345, 'en-US')).toBe('12.3K');
    expect(compactCount(12_345, 'zh-CN')).toBe('1.2万');
  });
});
