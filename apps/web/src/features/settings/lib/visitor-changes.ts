import type { UserSettings } from '@parley/contracts';
import { storageKeys } from '../../../lib/storage/keys';
import { createRecordStore } from '../../../lib/storage/persisted-store';
import { stored } from '../../../lib/storage/stored-shape';

/**
 * The settings a visitor changed while not logged in (names only; the values are in the
 * settings stores). On sign-in these, and only these, move into the account, once.
 */
const visitorChangesShape = { keys: stored.array(stored.string()) };

export const visitorChangesStore = createRecordStore(storageKeys.visitorSettingChanges, visitorChangesShape, () => ({ keys: [] }));

/** Notes which fields differ between two snapshots of the browser's settings. */
export function noteVisitorChanges(before: UserSettings, after: UserSettings): void {
  const changed = (Object.keys(after) as (keyof UserSettings)[]).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  if (changed.length === 0) return;
  const keys = new Set([...visitorChangesStore.getState().keys, ...changed]);
  visitorChangesStore.setState({ keys: [...keys] });
}

/** The account's saved settings with the visitor's changes laid over them; the record is then emptied. */
export function takeVisitorChanges(saved: UserSettings, browser: UserSettings): UserSettings {
  const keys = visitorChangesStore.getState().keys.filter((key): key is keyof UserSettings => key in browser);
  visitorChangesStore.setState({ keys: [] });
  return { ...saved, ...Object.fromEntries(keys.map((key) => [key, browser[key]])) };
}
