import { z } from 'zod';
import { locales } from './locales.js';
import { settingsLimits } from './values/settings.js';
export { settingsPaths, settingsLimits, defaultSystemMessage, defaultUserSettings } from './values/settings.js';

/**
 * A logged-in user's settings, saved on the server so they follow the user to another browser.
 * Visitors keep the same fields in the browser only (settingsStorage, appSetting).
 */

export const userSettings = z.object({
  avatarUrl: z
    .string()
    .trim()
    .max(settingsLimits.avatarUrlMaxChars, `avatarUrl must be at most ${settingsLimits.avatarUrlMaxChars} characters`)
    .refine((value) => value === '' || /^https?:\/\//i.test(value), 'avatarUrl must start with http:// or https://')
    .meta({ pattern: '^$|^[Hh][Tt][Tt][Pp][Ss]?://' }),
  name: z.string().trim().max(settingsLimits.nameMaxChars, `name must be at most ${settingsLimits.nameMaxChars} characters`),
  description: z
    .string()
    .trim()
    .max(settingsLimits.descriptionMaxChars, `description must be at most ${settingsLimits.descriptionMaxChars} characters`),
  systemMessage: z
    .string()
    .max(settingsLimits.systemMessageMaxChars, `systemMessage must be at most ${settingsLimits.systemMessageMaxChars} characters`),
  temperature: z.number().min(0, 'temperature must be between 0 and 2').max(2, 'temperature must be between 0 and 2'),
  top_p: z.number().min(0, 'top_p must be between 0 and 1').max(1, 'top_p must be between 0 and 1'),
  theme: z.enum(['light', 'dark', 'auto']),
  language: z.enum(locales),
});
export type UserSettings = z.infer<typeof userSettings>;

/** GET settings/get: what the server holds, or null when the user never saved any. */
export const settingsData = z.object({
  settings: userSettings.nullable(),
  updatedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type SettingsData = z.infer<typeof settingsData>;

/** POST settings/save: the whole record replaces the saved one. Users only. */
export const saveSettingsRequest = z.object({ settings: userSettings });
