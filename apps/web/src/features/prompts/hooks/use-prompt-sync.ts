import { promptLimits } from '@parley/contracts';
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { promptStore } from '../../../stores/prompt-store';
import { isLoggedIn, sessionStore } from '../../../stores/session-store';
import { getSavedPrompts, savePrompts } from '../api/prompt-store-sync';
import type * as promptSyncRules from '../lib/prompt-sync';

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
    let stop = () => {};
    // The store's rules check prompts against the contracts (zod): they come with a user's
    // first screen, not with every visitor's.
    import('../lib/prompt-sync')
      .then((rules) => {
        if (!controller.signal.aborted) stop = startPromptSync(rules, controller.signal);
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      stop();
    };
  }, [loggedIn]);
}

/** Merges the saved store into the browser's, then saves later changes back; returns the way to stop. */
function startPromptSync({ mergePromptStores, samePrompts, syncablePrompts }: typeof promptSyncRules, signal: AbortSignal): () => void {
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

  getSavedPrompts(signal)
    .then(({ prompts }) => {
      if (signal.aborted) return;
      const merged = mergePromptStores(prompts, promptStore.getState().promptList).slice(0, promptLimits.maxItems);
      last = merged;
      if (!samePrompts(merged, promptStore.getState().promptList)) promptStore.setState({ promptList: merged });
      ready = true;
      if (!samePrompts(merged, prompts)) savePrompts(merged).catch(() => undefined);
    })
    // Without the saved store, a save could drop prompts kept there: the browser keeps its own until the next sign-in.
    .catch(() => undefined);

  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}

/** Mounted once in the layout: no UI, only the sync. */
export function PromptSync() {
  usePromptSync();
  return null;
}
