import { createStore, useStore } from 'zustand';

/** How many HTTP calls are waiting for an answer; the loading bar shows while any are. */
export const inFlightStore = createStore<{ count: number }>()(() => ({ count: 0 }));

export function trackRequest(delta: 1 | -1): void {
  inFlightStore.setState((state) => ({ count: Math.max(0, state.count + delta) }));
}

export function useRequestsInFlight(): boolean {
  return useStore(inFlightStore, (state) => state.count > 0);
}
