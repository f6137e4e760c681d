import { describe, expect, it } from 'vitest';
import { formatPercent, formatWhen } from './format';

describe('knowledge figures', () => {
  it('says how long ago within a week, the date after', () => {
    const now = Date.parse('2026-01-10T12:00:00Z');
    expect(formatWhen('2026-01-10T11:57:00Z', 'en-US', now)).toBe('3 minutes ago');
    expect(formatWhen('2026-01-09T12:00:00Z', 'en-US', now)).toBe('yesterday');
    expect(formatWhen('2025-12-01T12:00:00Z', 'en-US', now)).toMatch(/Dec 1, 2025/);
  });

  it('shows a score as a whole percentage', () => {
    expect(formatPercent(0.873, 'en-US')).toBe('87%');
  });
});
