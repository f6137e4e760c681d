import { adminModelsPaths, type KeywordsChange } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { modelKeys } from './model-keys';

/** POST /api/admin/models/keywords/add {keywords}: words already listed are left as they are. */
export function addKeywords(keywords: string[]): Promise<KeywordsChange> {
  // a refusal is shown at the field it names
  return http.post<KeywordsChange>(`/api${adminModelsPaths.addKeywords}`, { keywords }, { silent: true });
}

export function useAddKeywords() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addKeywords,
    onSuccess: (changed) => queryClient.setQueryData(modelKeys.keywords(), { keywords: changed.keywords, saved: changed.saved, checksChats: changed.checksChats }),
  });
}
