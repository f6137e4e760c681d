import { widgetThemes, type Locale, type WidgetTheme } from '@parley/contracts';
import { isLocale, mapBrowserLanguage, browserLanguages } from '../../../lib/i18n/browser-language';

/** What the loader put in the panel's address: the agent, the language, the theme, the page's origin. */
export interface WidgetParams {
  appId: string;
  lang: Locale;
  theme: WidgetTheme;
  /** The host page's origin, the only one the panel talks to; null when the address names none (opened on its own). */
  hostOrigin: string | null;
}

function originOf(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.origin === value ? value : null;
  } catch {
    return null;
  }
}

export function readWidgetParams(location: Pick<Location, 'pathname' | 'search'>): WidgetParams {
  const query = new URLSearchParams(location.search);
  const lang = query.get('lang');
  const theme = query.get('theme');
  return {
    appId: decodeURIComponent(location.pathname.split('/')[2] ?? ''),
    lang: isLocale(lang) ? lang : mapBrowserLanguage(browserLanguages()),
    theme: (widgetThemes as readonly string[]).includes(theme ?? '') ? (theme as WidgetTheme) : 'auto',
    hostOrigin: originOf(query.get('origin')),
  };
}
