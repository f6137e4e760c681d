import { locales, type Locale } from '@parley/contracts';
import { z } from 'zod/mini';
import { useStore } from 'zustand';
import { browserLanguages, mapBrowserLanguage } from '../lib/i18n/browser-language';
import { storageKeys } from '../lib/storage/keys';
import { createRecordStore } from '../lib/storage/persisted-store';
import { themeSettings, type ThemeSetting } from '../lib/theme/resolve-theme';

export const appSettingSchema = z.object({
  siderCollapsed: z.boolean(),
  theme: z.enum(themeSettings),
  language: z.enum(locales),
});
export type AppSetting = z.infer<typeof appSettingSchema>;

export function defaultAppSetting(): AppSetting {
  return { siderCollapsed: false, theme: 'light', language: mapBrowserLanguage(browserLanguages()) };
}

export const appSettingStore = createRecordStore(storageKeys.appSetting, appSettingSchema, defaultAppSetting);

export function useAppSetting<T>(select: (setting: AppSetting) => T): T {
  return useStore(appSettingStore, select);
}

export function setSiderCollapsed(siderCollapsed: boolean): void {
  appSettingStore.setState({ siderCollapsed });
}

export function setTheme(theme: ThemeSetting): void {
  appSettingStore.setState({ theme });
}

/** Saved only when it differs from the current language. */
export function setLanguage(language: Locale): void {
  if (appSettingStore.getState().language !== language) appSettingStore.setState({ language });
}
