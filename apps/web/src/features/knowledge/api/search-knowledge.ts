import { knowledgePaths, knowledgeSearchData, knowledgeSearchRequest, type KnowledgeSearchData } from '@parley/contracts';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

/** POST core/dataset/search {appId, question}: the passages the chat would use, with their scores. */
export async function searchKnowledge(appId: string, question: string): Promise<KnowledgeSearchData> {
  const body = knowledgeSearchRequest.parse({ appId, question });
  return knowledgeSearchData.parse(await http.post(`/api${knowledgePaths.search}`, body, { silent: true }));
}

export function useSearchKnowledge(appId: string) {
  return useMutation({ mutationFn: (question: string) => searchKnowledge(appId, question) });
}
