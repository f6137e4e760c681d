import type { ChatModelChoice } from '@parley/contracts';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/**
 * The model picked in each chat (by thread key) in this tab. The next question or regenerate
 * carries it, and the server saves it with the chat; it outlives the chat screen, and moves to a
 * new chat's id when the chat gets one (movePick).
 */
export const modelPickStore = createStore<{ picks: Record<string, string> }>()(() => ({ picks: {} }));

export function pickModel(threadKey: string, model: string): void {
  modelPickStore.setState((state) => ({ picks: { ...state.picks, [threadKey]: model } }));
}

/** A new chat got its id: the model picked for it follows it, and the next new chat starts afresh. */
export function movePick(from: string, to: string): void {
  modelPickStore.setState((state) => {
    const { [from]: model, ...rest } = state.picks;
    return { picks: model === undefined ? rest : { ...rest, [to]: model } };
  });
}

/** The pick a request carries: one the chat may still choose, else none (the chat keeps its own). */
export function pickToSend(threadKey: string, choice: ChatModelChoice): string | undefined {
  const model = modelPickStore.getState().picks[threadKey];
  return model !== undefined && choice.models.includes(model) ? model : undefined;
}

/** The model the chat answers its next question with: the pick made here, else the chat's saved one, else the default. */
export function modelShown(choice: ChatModelChoice, saved: string | null, picked: string | undefined): string {
  return [picked, saved].find((model) => model !== undefined && model !== null && choice.models.includes(model)) ?? choice.defaultModel;
}

export function usePick(threadKey: string): string | undefined {
  return useStore(modelPickStore, (state) => state.picks[threadKey]);
}
