import { defaultLocale, locales, type Locale } from '@parley/contracts';

const byShortCode: Record<string, Locale> = {
  en: 'en-US',
  es: 'es-ES',
  ko: 'ko-KR',
  ru: 'ru-RU',
  vi: 'vi-VN',
};

const traditionalChinese = /^zh-(hk|mo|tw|hant)(-|$)/;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** Maps one BCP 47 tag (en, en-GB, zh-Hant-HK, ...) to a supported locale, or null. */
export function mapLanguageTag(tag: string): Locale | null {
  const normalised = tag.trim().replace(/_/g, '-').toLowerCase();
  const exact = locales.find((locale) => locale.toLowerCase() === normalised);
  if (exact) return exact;
  const [primary = ''] = normalised.split('-');
  if (primary === 'zh') return traditionalChinese.test(normalised) ? 'zh-TW' : 'zh-CN';
  return byShortCode[primary] ?? null;
}

/** The first of the browser's preferred languages that maps to a supported locale; zh-CN otherwise. */
export function mapBrowserLanguage(tags: readonly string[]): Locale {
  for (const tag of tags) {
    const locale = mapLanguageTag(tag);
    if (locale) return locale;
  }
  return defaultLocale;
}

export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}
