import { describe, expect, it } from 'vitest';
import { parseKeywords } from './parse-keywords';

describe('parseKeywords', () => {
  it('splits on commas of any width, 、, semicolons and new lines, keeping inner spaces and dropping blanks', () => {
    expect(parseKeywords(' online casino, 赌博，杀猪盘、 pump and dump;\nguaranteed returns ;; ')).toEqual([
      'online casino',
      '赌博',
      '杀猪盘',
      'pump and dump',
      'guaranteed returns',
    ]);
  });

  it('finds nothing in blank text', () => {
    expect(parseKeywords(' ,\n ')).toEqual([]);
  });
});
