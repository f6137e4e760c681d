import { z } from 'zod/mini';
import { storageKeys } from '../lib/storage/keys';
import { createRecordStore } from '../lib/storage/persisted-store';

const promptItem = z.object({ title: z.string(), content: z.string() });

export const promptStoreSchema = z.object({ promptList: z.array(promptItem) });
export type PromptStore = z.infer<typeof promptStoreSchema>;

export function defaultPromptStore(): PromptStore {
  return { promptList: [] };
}

export const promptStore = createRecordStore(storageKeys.promptStore, promptStoreSchema, defaultPromptStore);
