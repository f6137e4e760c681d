import type { Locale } from '@parley/contracts';
import type { Locale as AntdLocale } from 'antd/es/locale';
import i18next from 'i18next';
import { useEffect, useState } from 'react';
import { loadAntdLocale } from '../../lib/i18n/antd-locale';
import { changeLanguage } from '../../lib/i18n/i18n';
import { notify } from '../../lib/notify';

export interface LanguageResources {
  language: Locale;
  antdLocale: AntdLocale;
}

/** Follows the stored language: fetches its texts and antd pack, then switches both at once. */
export function useLanguageResources(language: Locale, initial: LanguageResources): AntdLocale {
  const [loaded, setLoaded] = useState(initial);
  useEffect(() => {
    if (loaded.language === language) return;
    let current = true;
    // Depends on the language only: switching it re-renders with a new `t`, which must not
    // cancel the switch in flight.
    Promise.all([loadAntdLocale(language), changeLanguage(language)])
      .then(([antdLocale]) => {
        if (current) setLoaded({ language, antdLocale });
      })
      .catch(() => notify.error(i18next.t('common:error.languageLoad')));
    return () => {
      current = false;
    };
  }, [language, loaded.language]);
  return loaded.antdLocale;
}
