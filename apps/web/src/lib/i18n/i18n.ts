import { fallbackLocale, type Locale } from '@parley/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { consoleNamespaces, namespaces, pageNamespaces, widgetNamespaces, type Namespace } from './namespaces';

type Bundle = { default: Record<string, unknown> };
const bundles = import.meta.glob<Bundle>('../../locales/*/*.json');

function bundleLoader(locale: Locale, namespace: Namespace): () => Promise<Bundle> {
  const loader = bundles[`../../locales/${locale}/${namespace}.json`];
  if (!loader) throw new Error(`Missing locale bundle ${locale}/${namespace}`);
  return loader;
}

/** The namespaces the app has asked for so far: what a change of language loads. */
const laterNamespaces = new Set([...pageNamespaces, ...widgetNamespaces, ...consoleNamespaces]);
const wanted = new Set<Namespace>(namespaces.filter((namespace) => !laterNamespaces.has(namespace)));
/** The language being switched to, while its texts load. */
let nextLocale: Locale | null = null;

async function loadNamespaces(locale: Locale, list: Iterable<Namespace>): Promise<void> {
  await Promise.all(
    [...list].map(async (namespace) => {
      if (i18next.hasResourceBundle(locale, namespace)) return;
      const bundle = await bundleLoader(locale, namespace)();
      i18next.addResourceBundle(locale, namespace, bundle.default, true, true);
    }),
  );
}

/** Fetches the language's namespaces the app uses so far (once each) and adds them to i18next. */
export async function loadLanguage(locale: Locale): Promise<void> {
  await loadNamespaces(locale, wanted);
}

/** Namespaces loaded later than the start: in the current language now, and from then on in every language. */
async function loadLaterTexts(list: readonly Namespace[]): Promise<void> {
  for (const namespace of list) wanted.add(namespace);
  const current = new Set([i18next.language as Locale, ...(nextLocale ? [nextLocale] : [])]);
  await Promise.all([...current].map((locale) => loadNamespaces(locale, list)));
}

/** The texts of the pages past the chat screens. */
export function loadPageTexts(): Promise<void> {
  return loadLaterTexts(pageNamespaces);
}

/** The operator console's texts, with the pages' (the console shows agents and knowledge as they do). */
export function loadConsoleTexts(): Promise<void> {
  return loadLaterTexts([...pageNamespaces, ...consoleNamespaces]);
}

/**
 * Starts i18next in `locale`, with the app's start namespaces or, for a page of its own (the
 * widget panel), only the ones it names.
 */
export async function initI18n(locale: Locale, only?: readonly Namespace[]): Promise<typeof i18next> {
  if (only) {
    wanted.clear();
    for (const namespace of only) wanted.add(namespace);
  }
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
  nextLocale = locale;
  try {
    await loadLanguage(locale);
    await i18next.changeLanguage(locale);
  } finally {
    if (nextLocale === locale) nextLocale = null;
  }
}
