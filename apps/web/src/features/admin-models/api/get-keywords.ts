import { adminModelsPaths, type KeywordList } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { modelKeys } from './model-keys';

/** GET /api/admin/models/keywords: the content check's keyword list in force. */
export function getKeywords(signal?: AbortSignal): Promise<KeywordList> {
  return http.get<KeywordList>(`/api${adminModelsPaths.keywords}`, undefined, { signal, silent: true });
}

export function keywordsQueryOptions() {
  return queryOptions({ queryKey: modelKeys.keywords(), queryFn: ({ signal }) => getKeywords(signal) });
}

export function useKeywords() {
  return useQuery(keywordsQueryOptions());
}
