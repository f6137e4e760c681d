import { storageKeys } from '../lib/storage/keys';
import { createRecordStore } from '../lib/storage/persisted-store';
import { stored, type ShapeOf } from '../lib/storage/stored-shape';

const promptItem = stored.object({ title: stored.string(), content: stored.string() });

const promptStoreShape = { promptList: stored.array(promptItem) };
export type PromptStore = ShapeOf<typeof promptStoreShape>;

export function defaultPromptStore(): PromptStore {
  return { promptList: [] };
}

export const promptStore = createRecordStore(storageKeys.promptStore, promptStoreShape, defaultPromptStore);
