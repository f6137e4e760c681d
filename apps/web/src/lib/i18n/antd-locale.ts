import type { Locale } from '@parley/contracts';
import type { Locale as AntdLocale } from 'antd/es/locale';

type LocaleModule = { default: AntdLocale };

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

export async function loadAntdLocale(locale: Locale): Promise<AntdLocale> {
  return (await loaders[locale]()).default;
}
