import { describe, expect, it } from 'vitest';
import { mapBrowserLanguage, mapLanguageTag } from './browser-language';

describe('browser language mapping', () => {
  it.each([
    ['en', 'en-US'],
    ['en-GB', 'en-US'],
    ['es', 'es-ES'],
    ['es-MX', 'es-ES'],
    ['ko', 'ko-KR'],
    ['ru-RU', 'ru-RU'],
    ['vi', 'vi-VN'],
    ['zh', 'zh-CN'],
    ['zh-CN', 'zh-CN'],
    ['zh-SG', 'zh-CN'],
    ['zh-Hans', 'zh-CN'],
    ['zh-TW', 'zh-TW'],
    ['zh-HK', 'zh-TW'],
    ['zh-Hant', 'zh-TW'],
    ['zh-Hant-HK', 'zh-TW'],
    ['zh_tw', 'zh-TW'],
  ])('maps %s to %s', (tag, locale) => {
    expect(mapLanguageTag(tag)).toBe(locale);
  });

  it('does not map unsupported languages', () => {
    expect(mapLanguageTag('fr-FR')).toBeNull();
    expect(mapLanguageTag('')).toBeNull();
  });

  it('takes the first supported preference', () => {
    expect(mapBrowserLanguage(['fr-FR', 'ko-KR', 'en-US'])).toBe('ko-KR');
  });

  it('defaults to zh-CN when nothing is supported', () => {
    expect(mapBrowserLanguage(['fr-FR', 'de'])).toBe('zh-CN');
    expect(mapBrowserLanguage([])).toBe('zh-CN');
  });
});
