import type { PromptListData, StoredPrompt } from '@parley/contracts';
import type { PromptRepo } from '../../db/repos/prompt-repo.js';

/** A logged-in user's prompt store, so it follows the user to another browser. */
export function createPromptStoreService({ prompts }: { prompts: PromptRepo }) {
  return {
    async list(userId: string): Promise<PromptListData> {
      return { prompts: await prompts.list(userId) };
    },

    async save(userId: string, list: StoredPrompt[]): Promise<PromptListData> {
      await prompts.replace(userId, list);
      return { prompts: list };
    },
  };
}

export type PromptStoreService = ReturnType<typeof createPromptStoreService>;
