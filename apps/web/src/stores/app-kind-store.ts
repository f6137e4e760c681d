import { createStore, useStore } from 'zustand';

/**
 * Whether each app the chat screen loaded is the official assistant, so the sidebar can tell
 * 智能客服 from 智能体 on /chat/:appId (both share that path). Client state only, not stored.
 */
export const appKindStore = createStore<{ official: Record<string, boolean> }>(() => ({ official: {} }));

export function rememberAppKind(app: { id: string; isOfficial: boolean }): void {
  if (appKindStore.getState().official[app.id] === app.isOfficial) return;
  appKindStore.setState((state) => ({ official: { ...state.official, [app.id]: app.isOfficial } }));
}

/** True or false once the app was seen; undefined before. */
export function useIsOfficialApp(appId: string | undefined): boolean | undefined {
  return useStore(appKindStore, (state) => (appId ? state.official[appId] : undefined));
}
