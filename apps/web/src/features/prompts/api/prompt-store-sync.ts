import { promptPaths, type PromptListData, type StoredPrompt } from '@parley/contracts';
import { http } from '../../../lib/http';

/** GET /api/prompts/list: the logged-in user's saved store (empty when never saved). */
export function getSavedPrompts(signal?: AbortSignal): Promise<PromptListData> {
  return http.get<PromptListData>(`/api${promptPaths.list}`, undefined, { signal, silent: true });
}

/** POST /api/prompts/save: replaces it with the whole store. */
export function savePrompts(prompts: StoredPrompt[]): Promise<PromptListData> {
  return http.post<PromptListData>(`/api${promptPaths.save}`, { prompts }, { silent: true });
}
