import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/**
 * What the person is typing, per chat (by thread key). It outlives the chat screen, moves to a
 * new chat's id when the chat gets one (moveDraft), and takes back a question the server refused.
 */
export const draftStore = createStore<{ drafts: Record<string, string> }>()(() => ({ drafts: {} }));

export function setDraft(threadKey: string, text: string): void {
  draftStore.setState((state) => ({ drafts: { ...state.drafts, [threadKey]: text } }));
}

/** A new chat got its id: what was typed meanwhile follows it. */
export function moveDraft(from: string, to: string): void {
  draftStore.setState((state) => {
    const { [from]: text = '', ...rest } = state.drafts;
    return { drafts: { ...rest, [to]: text } };
  });
}

export function useDraft(threadKey: string): string {
  return useStore(draftStore, (state) => state.drafts[threadKey] ?? '');
}
