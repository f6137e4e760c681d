import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/** Whether the rankings drawer of narrow screens is open; its button and the drawer sit in different places. */
const rightPanelStore = createStore<{ open: boolean }>()(() => ({ open: false }));

export function useRightPanelOpen(): boolean {
  return useStore(rightPanelStore, (state) => state.open);
}

export function setRightPanelOpen(open: boolean): void {
  rightPanelStore.setState({ open });
}
