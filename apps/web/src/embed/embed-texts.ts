import type { Locale } from '@parley/contracts';
import enUS from '../locales/en-US/embed.json';
import esES from '../locales/es-ES/embed.json';
import koKR from '../locales/ko-KR/embed.json';
import ruRU from '../locales/ru-RU/embed.json';
import viVN from '../locales/vi-VN/embed.json';
import zhCN from '../locales/zh-CN/embed.json';
import zhTW from '../locales/zh-TW/embed.json';

export type EmbedTextKey = keyof typeof enUS;

// the loader's few words in every language: a few hundred bytes, no i18n library on the host page
const texts: Record<Locale, Record<EmbedTextKey, string>> = {
  'en-US': enUS,
  'es-ES': esES,
  'ko-KR': koKR,
  'ru-RU': ruRU,
  'vi-VN': viVN,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
};

/** A text of the launcher in `locale`, naming the agent. */
export function embedText(locale: Locale, key: EmbedTextKey, name: string): string {
  return texts[locale][key].replace('{{name}}', name);
}
