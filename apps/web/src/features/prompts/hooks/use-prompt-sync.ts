import { promptLimits } from '@parley/contracts';
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { promptStore } from '../../../stores/prompt-store';
import { isLoggedIn, sessionStore } from '../../../stores/session-store';
import { getSavedPrompts, savePrompts } from '../api/prompt-store-sync';
import { mergePromptStores, samePrompts, syncablePrompts } from '../lib/prompt-sync';

/** Changes are sent this long after the last one, so an import or a quick series of edits sends one save. */
const saveDelayMs = 600;

/**
 * While a user is logged in, their prompt store lives on the server too: the saved one is
 * merged with this browser's on sign-in (so it follows the user to another browser, and
 * nothing gathered before signing in is lost), and later changes are saved back. Visitors keep
 * the store in the browser only.
 */
export function usePromptSync(): void {
  const loggedIn = useStore(sessionStore, (state) => isLoggedIn(state));
  useEffect(() => {
    if (!loggedIn) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = syncablePrompts(promptStore.getState().promptList);
    let ready = false;

    const save = () => {
      const next = syncablePrompts(promptStore.getState().promptList);
      if (samePrompts(next, last)) return;
      last = next;
      // A failed save is tried again with the next change; the browser keeps the store meanwhile.
      savePrompts(next).catch(() => undefined);
    };
    const schedule = () => {
      if (!ready) return;
      clearTimeout(timer);
      timer = setTimeout(save, saveDelayMs);
    };
    const unsubscribe = promptStore.subscribe(schedule);

    getSavedPrompts(controller.signal)
      .then(({ prompts }) => {
        if (controller.signal.aborted) return;
        const merged = mergePromptStores(prompts, promptStore.getState().promptList).slice(0, promptLimits.maxItems);
        last = merged;
        if (!samePrompts(merged, promptStore.getState().promptList)) promptStore.setState({ promptList: merged });
        ready = true;
        if (!samePrompts(merged, prompts)) savePrompts(merged).catch(() => undefined);
      })
      // Without the saved store, a save could drop prompts kept there: the browser keeps its own until the next sign-in.
      .catch(() => undefined);

    return () => {
      controller.abort();
      clearTimeout(timer);
      unsubscribe();
    };
  }, [loggedIn]);
}

/** Mounted once in the layout: no UI, only the sync. */
export function PromptSync() {
  usePromptSync();
  return null;
}
