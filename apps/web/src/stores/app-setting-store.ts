import { locales, type Locale } from '@parley/contracts';
import { useStore } from 'zustand';
import { browserLanguages, mapBrowserLanguage } from '../lib/i18n/browser-language';
import { storageKeys } from '../lib/storage/keys';
import { createRecordStore } from '../lib/storage/persisted-store';
import { stored, type ShapeOf } from '../lib/storage/stored-shape';
import { themeSettings, type ThemeSetting } from '../lib/theme/resolve-theme';

const appSettingShape = {
  siderCollapsed: stored.boolean(),
  theme: stored.oneOf(themeSettings),
  language: stored.oneOf(locales),
};
export type AppSetting = ShapeOf<typeof appSettingShape>;

export function defaultAppSetting(): AppSetting {
  return { siderCollapsed: false, theme: 'light', language: mapBrowserLanguage(browserLanguages()) };
}

export const appSettingStore = createRecordStore(storageKeys.appSetting, appSettingShape, defaultAppSetting);

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
