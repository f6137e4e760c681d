import type { StoreApi } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { readRecord, writeRecord } from './local-storage';
import type { RecordShape, ShapeOf } from './stored-shape';

interface PersistOptions<State> {
  /** The keys this store owns; a change to one of them in another tab reloads the store. */
  keys: readonly string[];
  /** The whole state at start: what is stored, merged over the defaults. */
  load: () => State;
  /** What to re-read when another tab changes one of the keys (the stored part of the state). */
  reload?: () => Partial<State>;
  save: (state: State) => void;
}

/** A zustand store that loads from localStorage once and writes every change back immediately. */
export function createPersistedStore<State extends object>(options: PersistOptions<State>): StoreApi<State> {
  const store = createStore<State>()(() => options.load());
  store.subscribe((state) => options.save(state));
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key === null || options.keys.includes(event.key)) store.setState((options.reload ?? options.load)());
    });
  }
  return store;
}

/** A store holding one JSON record of the spec (appSetting, chatStorage, ...). */
export function createRecordStore<Shape extends RecordShape>(key: string, shape: Shape, defaults: () => ShapeOf<Shape>): StoreApi<ShapeOf<Shape>> {
  return createPersistedStore({
    keys: [key],
    load: () => readRecord(key, shape, defaults()),
    save: (state) => writeRecord(key, state),
  });
}
