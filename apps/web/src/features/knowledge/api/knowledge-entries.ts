import {
  createKnowledgeEntryRequest,
  deleteKnowledgeEntryRequest,
  knowledgeChunksData,
  knowledgePaths,
  updateKnowledgeEntryRequest,
  type KnowledgeChunksData,
  type KnowledgeEntryInput,
} from '@parley/contracts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { knowledgeKeys } from './knowledge-keys';

/** GET core/dataset/entries {appId, cursor?}: the Q&A pairs and passages typed in, newest first. */
export async function getKnowledgeEntries(appId: string, cursor: string | null, signal?: AbortSignal): Promise<KnowledgeChunksData> {
  return knowledgeChunksData.parse(await http.get(`/api${knowledgePaths.entries}`, { appId, cursor }, { signal, silent: true }));
}

export function useKnowledgeEntries(appId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: knowledgeKeys.entries(appId),
    queryFn: ({ pageParam, signal }) => getKnowledgeEntries(appId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled,
  });
}

export interface SaveEntry {
  /** Absent: a new entry. */
  id?: string;
  entry: KnowledgeEntryInput;
}

/** POST core/dataset/entry/create {appId, entry} or entry/update {appId, id, entry}. */
export function saveKnowledgeEntry(appId: string, { id, entry }: SaveEntry): Promise<unknown> {
  return id
    ? http.post(`/api${knowledgePaths.updateEntry}`, updateKnowledgeEntryRequest.parse({ appId, id, entry }), { silent: true })
    : http.post(`/api${knowledgePaths.createEntry}`, createKnowledgeEntryRequest.parse({ appId, entry }), { silent: true });
}

export function useSaveKnowledgeEntry(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SaveEntry) => saveKnowledgeEntry(appId, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: knowledgeKeys.all(appId) }),
  });
}

/** POST core/dataset/entry/delete {appId, id}. */
export function useDeleteKnowledgeEntry(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.post<null>(`/api${knowledgePaths.deleteEntry}`, deleteKnowledgeEntryRequest.parse({ appId, id }), { silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: knowledgeKeys.all(appId) }),
  });
}
