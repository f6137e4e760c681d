import { knowledgePaths, knowledgeUploadData, type KnowledgeUploadData } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { knowledgeKeys } from './knowledge-keys';

export interface UploadRequest {
  appId: string;
  files: File[];
  /** How much of the body went, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * POST core/dataset/upload (multipart: the `appId` field first, then one `file` part per file),
 * through XMLHttpRequest so the upload's progress can be shown. The server answers the files it
 * queued and, by name, the ones it turned away and why.
 */
export async function uploadKnowledgeFiles({ appId, files, onProgress, signal }: UploadRequest): Promise<KnowledgeUploadData> {
  const form = new FormData();
  form.append('appId', appId);
  for (const file of files) form.append('file', file, file.name);
  const data = await http.post(`/api${knowledgePaths.upload}`, form, { silent: true, signal, onUploadProgress: onProgress ?? (() => undefined) });
  return knowledgeUploadData.parse(data);
}

export function useUploadKnowledgeFiles(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: Omit<UploadRequest, 'appId'>) => uploadKnowledgeFiles({ ...request, appId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: knowledgeKeys.files(appId) }),
  });
}
