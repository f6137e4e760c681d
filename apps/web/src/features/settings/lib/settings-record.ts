import type { UserSettings } from '@parley/contracts';
import { appSettingStore, setLanguage } from '../../../stores/app-setting-store';
import { settingsStore } from '../../../stores/settings-store';

/** The settings a logged-in user keeps on the server: settingsStorage plus theme and language. */
export function currentSettings(): UserSettings {
  const { theme, language } = appSettingStore.getState();
  return { ...settingsStore.getState(), theme, language };
}

/** Puts saved settings into the browser's stores (language only when it differs). */
export function applySettings({ theme, language, ...chat }: UserSettings): void {
  settingsStore.setState(chat);
  appSettingStore.setState({ theme });
  setLanguage(language);
}

export function sameSettings(a: UserSettings, b: UserSettings): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
