import type { Locale } from '@parley/contracts';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocale } from './browser-language';

type DayjsLocaleModule = { default: { name: string } };

// One chunk per language, fetched by the screens with a date picker only (the first screen has none).
const loaders: Record<Locale, () => Promise<DayjsLocaleModule>> = {
  'en-US': () => import('dayjs/locale/en'),
  'es-ES': () => import('dayjs/locale/es'),
  'ko-KR': () => import('dayjs/locale/ko'),
  'vi-VN': () => import('dayjs/locale/vi'),
  'ru-RU': () => import('dayjs/locale/ru'),
  'zh-CN': () => import('dayjs/locale/zh-cn'),
  'zh-TW': () => import('dayjs/locale/zh-tw'),
};

/**
 * antd's date pickers name months and weekdays through dayjs's global locale: a screen with one
 * switches it to the reader's language. False until that language's names are loaded.
 */
export function useDateNames(): boolean {
  const { i18n } = useTranslation();
  const language = isLocale(i18n.language) ? i18n.language : 'en-US';
  const [loaded, setLoaded] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void loaders[language]().then((names) => {
      dayjs.locale(names.default.name);
      if (current) setLoaded(language);
    });
    return () => {
      current = false;
    };
  }, [language]);
  return loaded === language;
}
