import type { Locale } from '@parley/contracts';

/** Each language by its own name, so a reader can find theirs whatever the current language. */
export const languageNames: Record<Locale, string> = {
  'en-US': 'English',
  'es-ES': 'Español',
  'ko-KR': '한국어',
  'vi-VN': 'Tiếng Việt',
  'ru-RU': 'Русский',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
};
