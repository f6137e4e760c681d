import type { Locale } from '@parley/contracts';
import type { Locale as AntdLocale } from 'antd/es/locale';
import dayjs from 'dayjs';

type LocaleModule = { default: AntdLocale };
type DayjsLocaleModule = { default: { name: string } };

// One chunk per language; only the active one is fetched.
const loaders: Record<Locale, () => Promise<LocaleModule>> = {
  'en-US': () => import('antd/es/locale/en_US'),
  'es-ES': () => import('antd/es/locale/es_ES'),
  'ko-KR': () => import('antd/es/locale/ko_KR'),
  'vi-VN': () => import('antd/es/locale/vi_VN'),
  'ru-RU': () => import('antd/es/locale/ru_RU'),
  'zh-CN': () => import('antd/es/locale/zh_CN'),
  'zh-TW': () => import('antd/es/locale/zh_TW'),
};

const dayjsLoaders: Record<Locale, () => Promise<DayjsLocaleModule>> = {
  'en-US': () => import('dayjs/locale/en'),
  'es-ES': () => import('dayjs/locale/es'),
  'ko-KR': () => import('dayjs/locale/ko'),
  'vi-VN': () => import('dayjs/locale/vi'),
  'ru-RU': () => import('dayjs/locale/ru'),
  'zh-CN': () => import('dayjs/locale/zh-cn'),
  'zh-TW': () => import('dayjs/locale/zh-tw'),
};

/** antd's pack for the language; its date pickers name months and weekdays through dayjs's global locale, switched here too. */
export async function loadAntdLocale(locale: Locale): Promise<AntdLocale> {
  const [antd, dates] = await Promise.all([loaders[locale](), dayjsLoaders[locale]()]);
  dayjs.locale(dates.default.name);
  return antd.default;
}
