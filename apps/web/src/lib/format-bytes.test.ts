import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes';

/** Intl puts narrow or no-break spaces between number and unit in some languages. */
const plain = (text: string) => text.replace(/\u00a0|\u202f/g, ' ');

describe('formatBytes', () => {
  it('steps up by 1024 and keeps one decimal', () => {
    expect(formatBytes(0, 'en-US')).toBe('0 B');
    expect(formatBytes(86, 'en-US')).toBe('86 B');
    expect(formatBytes(1536, 'en-US')).toBe('1.5 kB');
    expect(formatBytes(1.2 * 1024 * 1024, 'en-US')).toBe('1.2 MB');
    expect(formatBytes(20 * 1024 * 1024, 'en-US')).toBe('20 MB');
    expect(formatBytes(5 * 1024 ** 3, 'en-US')).toBe('5 GB');
  });

  it('writes every unit as a symbol in each language, bytes too, so a small file matches the limit beside it', () => {
    const sizes = [426, 1536, 200 * 1024 * 1024];
    const shown = (locale: string) => sizes.map((bytes) => plain(formatBytes(bytes, locale)));
    expect(shown('zh-CN')).toEqual(['426 B', '1.5 kB', '200 MB']);
    expect(shown('ru-RU')).toEqual(['426 Б', '1,5 кБ', '200 МБ']);
    expect(shown('ko-KR')).toEqual(['426B', '1.5kB', '200MB']);
    expect(shown('es-ES')).toEqual(['426 B', '1,5 kB', '200 MB']);
    expect(shown('vi-VN')).toEqual(['426 B', '1,5 kB', '200 MB']);
    expect(shown('zh-TW')).toEqual(['426 B', '1.5 kB', '200 MB']);
    expect(shown('en-US')).toEqual(['426 B', '1.5 kB', '200 MB']);
  });
});
