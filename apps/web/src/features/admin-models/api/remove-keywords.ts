import { adminModelsPaths, type KeywordsChange } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { modelKeys } from './model-keys';

/** POST /api/admin/models/keywords/remove {keywords}: each must be on the list, or nothing changes. */
export function removeKeywords(keywords: string[]): Promise<KeywordsChange> {
  return http.post<KeywordsChange>(`/api${adminModelsPaths.removeKeywords}`, { keywords });
}

export function useRemoveKeywords() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeKeywords,
    onSuccess: (changed) => queryClient.setQueryData(modelKeys.keywords(), { keywords: changed.keywords, saved: changed.saved, checksChats: changed.checksChats }),
    // another operator may have changed the list meanwhile
    onError: () => queryClient.invalidateQueries({ queryKey: modelKeys.keywords() }),
  });
}
