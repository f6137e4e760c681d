import { knowledgeChunksData, knowledgePaths, type KnowledgeChunksData } from '@parley/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { knowledgeKeys } from './knowledge-keys';

/** GET core/dataset/chunks {appId, fileId, cursor?}: one page of a file's chunks, in order. */
export async function getKnowledgeChunks(appId: string, fileId: string, cursor: string | null, signal?: AbortSignal): Promise<KnowledgeChunksData> {
  const data = await http.get(`/api${knowledgePaths.chunks}`, { appId, fileId, cursor }, { signal, silent: true });
  return knowledgeChunksData.parse(data);
}

export function useKnowledgeChunks(appId: string, fileId: string | null) {
  return useInfiniteQuery({
    queryKey: knowledgeKeys.chunks(appId, fileId ?? ''),
    queryFn: ({ pageParam, signal }) => getKnowledgeChunks(appId, fileId ?? '', pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled: fileId !== null,
  });
}
