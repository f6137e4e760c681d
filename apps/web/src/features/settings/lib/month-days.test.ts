import { describe, expect, it } from 'vitest';
import { monthDays } from './month-days';

describe('the usage chart days', () => {
  it('covers every day of the month, zero where nothing was used', () => {
    const days = monthDays('2026-02', [{ day: '2026-02-03', promptTokens: 10, completionTokens: 5, messages: 2 }]);
    expect(days).toHaveLength(28);
    expect(days[2]).toEqual({ day: '2026-02-03', date: 3, tokens: 15, messages: 2 });
    expect(days[0]).toMatchObject({ tokens: 0, messages: 0 });
  });

  it('knows leap years and long months', () => {
    expect(monthDays('2028-02', [])).toHaveLength(29);
    expect(monthDays('2026-12', [])).toHaveLength(31);
  });
});
