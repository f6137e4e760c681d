import { describe, expect, it } from 'vitest';
import { formatBytes, formatPercent, formatWhen } from './format';

describe('knowledge figures', () => {
  it('shows sizes in binary steps with the unit of the language', () => {
    expect(formatBytes(0, 'en-US')).toBe('0 bytes');
    expect(formatBytes(1, 'en-US')).toBe('1 byte');
    expect(formatBytes(168, 'en-US')).toBe('168 bytes');
    expect(formatBytes(1536, 'en-US')).toBe('1.5 kB');
    expect(formatBytes(1.2 * 1024 * 1024, 'en-US')).toBe('1.2 MB');
    expect(formatBytes(20 * 1024 * 1024, 'en-US')).toBe('20 MB');
    expect(formatBytes(5 * 1024 ** 3, 'en-US')).toBe('5 GB');
  });

  it('reads naturally in each language, bytes spelled out and larger units short', () => {
    const sizes = [168, 1536, 1.2 * 1024 * 1024];
    const shown = (locale: string) => sizes.map((bytes) => formatBytes(bytes, locale).replace(/\u00a0|\u202f/g, ' '));
    expect(shown('zh-CN')).toEqual(['168字节', '1.5 kB', '1.2 MB']);
    expect(shown('ru-RU')).toEqual(['168 байт', '1,5 кБ', '1,2 МБ']);
    expect(shown('ko-KR')).toEqual(['168바이트', '1.5kB', '1.2MB']);
    expect(shown('es-ES')).toEqual(['168 bytes', '1,5 kB', '1,2 MB']);
    expect(shown('vi-VN')).toEqual(['168 byte', '1,5 kB', '1,2 MB']);
    expect(shown('zh-TW')).toEqual(['168 byte', '1.5 kB', '1.2 MB']);
  });

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
