import { fallbackLocale, type Locale } from '@parley/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

export const namespaces = [
  'common',
  'layout',
  'access',
  'pages',
  'chat',
  'history',
  'share',
  'auth',
  'account',
  'messages',
  'agents',
  'knowledge',
  'prompts',
  'settings',
  'brokers',
  'site',
] as const;
export type Namespace = (typeof namespaces)[number];

type Bundle = { default: Record<string, unknown> };
const bundles = import.meta.glob<Bundle>('../../locales/*/*.json');

function bundleLoader(locale: Locale, namespace: Namespace): () => Promise<Bundle> {
  const loader = bundles[`../../locales/${locale}/${namespace}.json`];
  if (!loader) throw new Error(`Missing locale bundle ${locale}/${namespace}`);
  return loader;
}

/** Fetches the active language's namespaces (once each) and adds them to i18next. */
export async function loadLanguage(locale: Locale): Promise<void> {
  await Promise.all(
    namespaces.map(async (namespace) => {
      if (i18next.hasResourceBundle(locale, namespace)) return;
      const bundle = await bundleLoader(locale, namespace)();
      i18next.addResourceBundle(locale, namespace, bundle.default, true, true);
    }),
  );
}

export async function initI18n(locale: Locale): Promise<typeof i18next> {
  i18next.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  await i18next.use(initReactI18next).init({
    lng: locale,
    fallbackLng: fallbackLocale,
    ns: [...namespaces],
    defaultNS: 'common',
    resources: {},
    partialBundledLanguages: true,
    returnEmptyString: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  await loadLanguage(locale);
  document.documentElement.lang = locale;
  return i18next;
}

/** Loads, then switches, so the page never shows keys in between. */
export async function changeLanguage(locale: Locale): Promise<void> {
  await loadLanguage(locale);
  await i18next.changeLanguage(locale);
}
