/** The interface languages, and the short codes and variants that map to them. */
export const locales = ['en-US', 'es-ES', 'ko-KR', 'vi-VN', 'ru-RU', 'zh-CN', 'zh-TW'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'zh-CN';
export const fallbackLocale: Locale = 'en-US';
