import { knowledgeFilesData, knowledgeFileRequest, knowledgePaths, type KnowledgeFilesData } from '@parley/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { knowledgeKeys } from './knowledge-keys';

/** How often the list is asked again while a file is queued or being processed. */
export const filesPollMs = 1500;

/** GET core/dataset/files {appId}: the files, newest first, with the totals and limits in force. */
export async function getKnowledgeFiles(appId: string, signal?: AbortSignal): Promise<KnowledgeFilesData> {
  return knowledgeFilesData.parse(await http.get(`/api${knowledgePaths.files}`, { appId }, { signal, silent: true }));
}

export function stillProcessing(data: KnowledgeFilesData | undefined): boolean {
  return Boolean(data?.files.some((file) => file.status === 'queued' || file.status === 'processing'));
}

/** The files, asked again every 1.5 s while any is queued or processing, and not after. */
export function useKnowledgeFiles(appId: string, enabled: boolean) {
  return useQuery({
    queryKey: knowledgeKeys.files(appId),
    queryFn: ({ signal }) => getKnowledgeFiles(appId, signal),
    enabled,
    refetchInterval: (query) => (stillProcessing(query.state.data) ? filesPollMs : false),
  });
}

function useFileAction(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { appId: string; fileId: string }) => http.post<null>(`/api${path}`, knowledgeFileRequest.parse(request), { silent: true }),
    onSettled: (_, __, { appId }) => queryClient.invalidateQueries({ queryKey: knowledgeKeys.all(appId) }),
  });
}

/** POST core/dataset/file/delete {appId, fileId}: the file and its chunks go. */
export const useDeleteKnowledgeFile = () => useFileAction(knowledgePaths.deleteFile);

/** POST core/dataset/file/reindex {appId, fileId}: queued again for parsing, chunking and indexing. */
export const useReindexKnowledgeFile = () => useFileAction(knowledgePaths.reindexFile);
