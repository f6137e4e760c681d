import { describe, expect, it } from 'vitest';
import { isAgentId, panelUrl, pickLanguage, pickTheme } from './embed-options';

describe("the widget's language", () => {
  it.each([
    ['zh-TW', 'en', ['en-US'], 'zh-TW'],
    ['ko', 'en', [], 'ko-KR'],
    ['zh-Hant-HK', 'en', [], 'zh-TW'],
    [undefined, 'es-MX', ['en-US'], 'es-ES'],
    ['', 'ru', [], 'ru-RU'],
    ['de-DE', 'vi', [], 'vi-VN'],
    [undefined, '', ['fr-FR', 'zh-SG'], 'zh-CN'],
    [undefined, 'de', ['fr-FR'], 'en-US'],
  ] as const)('data-lang %s, page %s, browser %j: %s', (dataLang, pageLang, browser, expected) => {
    expect(pickLanguage(dataLang, pageLang, browser)).toBe(expected);
  });
});

describe("the loader's other options", () => {
  it('takes light and dark as written, anything else as auto', () => {
    expect(pickTheme('DARK')).toBe('dark');
    expect(pickTheme(' light ')).toBe('light');
    expect(pickTheme('sepia')).toBe('auto');
    expect(pickTheme(undefined)).toBe('auto');
  });

  it("accepts only an agent's id", () => {
    expect(isAgentId('8d391f68-873d-48de-8f61-e60925d864e0')).toBe(true);
    expect(isAgentId('8d391f68')).toBe(false);
    expect(isAgentId('../../api/x')).toBe(false);
    expect(isAgentId(undefined)).toBe(false);
  });

  it("puts the page's origin, language and theme in the panel's address on Parley's origin", () => {
    const url = new URL(panelUrl('https://parley.example', 'abc', { lang: 'zh-CN', theme: 'dark', hostOrigin: 'https://shop.example.com' }));
    expect(url.origin).toBe('https://parley.example');
    expect(url.pathname).toBe('/widget/abc');
    expect(Object.fromEntries(url.searchParams)).toEqual({ lang: 'zh-CN', theme: 'dark', origin: 'https://shop.example.com' });
  });
});
