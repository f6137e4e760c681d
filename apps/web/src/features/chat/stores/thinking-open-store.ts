import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/**
 * Which answers' thinking the reader opened or folded by hand, by answer id: the chat and its
 * PNG export draw the same, so thinking goes into the image only when it is open on the screen.
 */
const thinkingOpenStore = createStore<{ chosen: Record<string, boolean> }>()(() => ({ chosen: {} }));

export function chooseThinkingOpen(answerId: string, open: boolean): void {
  thinkingOpenStore.setState((state) => ({ chosen: { ...state.chosen, [answerId]: open } }));
}

/** The reader's choice for this answer's thinking; null when they made none. */
export function useThinkingOpen(answerId: string | undefined): boolean | null {
  return useStore(thinkingOpenStore, (state) => (answerId === undefined ? null : (state.chosen[answerId] ?? null)));
}
