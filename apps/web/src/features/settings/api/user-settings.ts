import { settingsPaths, type SettingsData, type UserSettings } from '@parley/contracts';
import { http } from '../../../lib/http';

/** GET /api/settings/get: the logged-in user's saved settings (null when none yet). */
export function getUserSettings(signal?: AbortSignal): Promise<SettingsData> {
  return http.get<SettingsData>(`/api${settingsPaths.get}`, undefined, { signal, silent: true });
}

/** POST /api/settings/save: replaces them. */
export function saveUserSettings(settings: UserSettings): Promise<SettingsData> {
  return http.post<SettingsData>(`/api${settingsPaths.save}`, { settings }, { silent: true });
}
