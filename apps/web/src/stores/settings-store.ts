import { defaultSystemMessage, defaultUserSettings } from '@parley/contracts';
import i18next from 'i18next';
import { storageKeys } from '../lib/storage/keys';
import { createRecordStore } from '../lib/storage/persisted-store';
import { stored, type ShapeOf } from '../lib/storage/stored-shape';

export { defaultSystemMessage };

/** settingsStorage: the user info the chat shows, and the role and sampling of official chats. */
const chatSettingsShape = {
  avatarUrl: stored.string(),
  name: stored.string(),
  description: stored.string(),
  systemMessage: stored.string(),
  temperature: stored.number({ min: 0, max: 2 }),
  top_p: stored.number({ min: 0, max: 1 }),
};
export type ChatSettings = ShapeOf<typeof chatSettingsShape>;

export function defaultChatSettings(): ChatSettings {
  return { ...defaultUserSettings };
}

/** A saved role of '' is the default; so is the English default earlier versions saved. */
export function isDefaultRole(role: string): boolean {
  return role.trim() === '' || role === defaultSystemMessage;
}

/** The role as shown and sent: the user's own, or the default in the language the site speaks now. */
export function roleInLanguage(role: string): string {
  return isDefaultRole(role) ? i18next.t('chat:defaultRole') : role;
}

export const settingsStore = createRecordStore(storageKeys.settingsStorage, chatSettingsShape, defaultChatSettings);
