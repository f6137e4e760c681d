import { fallbackLocale, type Locale } from '@parley/contracts';
import { mapLanguageTag } from '../lib/i18n/browser-language';

export type WidgetTheme = 'light' | 'dark' | 'auto';

/**
 * The panel's language: `data-lang` when it maps to a site locale, else the page's `<html lang>`,
 * else the browser's languages, each mapped to the nearest locale; English when none maps.
 */
export function pickLanguage(dataLang: string | undefined, pageLang: string, browserLanguages: readonly string[]): Locale {
  for (const tag of [dataLang ?? '', pageLang, ...browserLanguages]) {
    const locale = tag.trim() ? mapLanguageTag(tag) : null;
    if (locale) return locale;
  }
  return fallbackLocale;
}

export function pickTheme(dataTheme: string | undefined): WidgetTheme {
  const theme = dataTheme?.trim().toLowerCase();
  return theme === 'light' || theme === 'dark' ? theme : 'auto';
}

const agentIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isAgentId(value: string | undefined): value is string {
  return value !== undefined && agentIdPattern.test(value);
}

/** The panel's address for this page: Parley's origin, the agent, and the page's origin it may talk to. */
export function panelUrl(parleyOrigin: string, appId: string, options: { lang: Locale; theme: WidgetTheme; hostOrigin: string }): string {
  const query = new URLSearchParams({ lang: options.lang, theme: options.theme, origin: options.hostOrigin });
  return `${parleyOrigin}/widget/${appId}?${query.toString()}`;
}
