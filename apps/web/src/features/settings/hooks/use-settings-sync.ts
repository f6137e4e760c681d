import type { UserSettings } from '@parley/contracts';
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { appSettingStore } from '../../../stores/app-setting-store';
import { isLoggedIn, sessionStore } from '../../../stores/session-store';
import { settingsStore } from '../../../stores/settings-store';
import { getUserSettings, saveUserSettings } from '../api/user-settings';
import { applySettings, currentSettings, sameSettings } from '../lib/settings-record';
import { noteVisitorChanges, takeVisitorChanges } from '../lib/visitor-changes';

/** Changes are sent this long after the last one, so dragging a slider sends one save. */
const saveDelayMs = 600;

/**
 * While a user is logged in, their settings live on the server too: saved ones are loaded on
 * sign-in (so they follow the user to another browser), and later changes are saved back.
 * Visitors keep them in the browser; what a visitor changed moves into the account they sign
 * in to, once, over what the account had saved.
 */
export function useSettingsSync(): void {
  const loggedIn = useStore(sessionStore, (state) => isLoggedIn(state));
  useEffect(() => {
    if (loggedIn) return;
    let last = currentSettings();
    const note = () => {
      const next = currentSettings();
      noteVisitorChanges(last, next);
      last = next;
    };
    const unsubscribe = [settingsStore.subscribe(note), appSettingStore.subscribe(note)];
    return () => {
      for (const stop of unsubscribe) stop();
    };
  }, [loggedIn]);

  useEffect(() => {
    if (!loggedIn) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = currentSettings();
    let ready = false;

    const save = () => {
      const next = currentSettings();
      if (sameSettings(next, last)) return;
      last = next;
      // A failed save is tried again with the next change; the browser keeps the settings meanwhile.
      saveUserSettings(next).catch(() => undefined);
    };
    const schedule = () => {
      if (!ready) return;
      clearTimeout(timer);
      timer = setTimeout(save, saveDelayMs);
    };
    const unsubscribe = [settingsStore.subscribe(schedule), appSettingStore.subscribe(schedule)];

    const atStart = last;
    getUserSettings(controller.signal)
      .then(({ settings }) => {
        const browser = currentSettings();
        // what the user changed here while the saved settings were on their way wins over them
        const changedMeanwhile = (Object.keys(browser) as (keyof UserSettings)[]).filter((key) => JSON.stringify(browser[key]) !== JSON.stringify(atStart[key]));
        const merged = {
          ...takeVisitorChanges(settings ?? browser, browser),
          ...Object.fromEntries(changedMeanwhile.map((key) => [key, browser[key]])),
        } as UserSettings;
        last = merged;
        if (settings) applySettings(merged);
        if (!settings || !sameSettings(merged, settings)) return saveUserSettings(merged).then(() => undefined);
      })
      .catch(() => undefined)
      .finally(() => {
        ready = !controller.signal.aborted;
      });

    return () => {
      controller.abort();
      clearTimeout(timer);
      for (const stop of unsubscribe) stop();
    };
  }, [loggedIn]);
}

/** Mounted once in the layout: no UI, only the sync. */
export function SettingsSync() {
  useSettingsSync();
  return null;
}
