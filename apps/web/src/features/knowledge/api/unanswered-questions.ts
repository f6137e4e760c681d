import { answerUnansweredRequest, dismissUnansweredRequest, knowledgePaths, unansweredData, type UnansweredData } from '@parley/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { knowledgeKeys } from './knowledge-keys';

/** GET core/dataset/unanswered {appId}: what the agent found no reliable source for, most asked first. */
export async function getUnanswered(appId: string, signal?: AbortSignal): Promise<UnansweredData> {
  return unansweredData.parse(await http.get(`/api${knowledgePaths.unanswered}`, { appId }, { signal, silent: true }));
}

export function useUnanswered(appId: string, enabled: boolean) {
  return useQuery({ queryKey: knowledgeKeys.unanswered(appId), queryFn: ({ signal }) => getUnanswered(appId, signal), enabled });
}

/** Once the server agrees, the question leaves the list without waiting for the list to be asked again. */
function useSettleQuestion<T extends { id: string }>(appId: string, send: (request: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  const key = knowledgeKeys.unanswered(appId);
  return useMutation({
    mutationFn: send,
    onSuccess: (_, { id }) => {
      queryClient.setQueryData<UnansweredData>(key, (data) => data && { questions: data.questions.filter((question) => question.id !== id) });
      return queryClient.invalidateQueries({ queryKey: knowledgeKeys.all(appId) });
    },
  });
}

/** POST core/dataset/unanswered/answer {appId, id, answer}: a new Q&A entry in one step. */
export const useAnswerUnanswered = (appId: string) =>
  useSettleQuestion(appId, ({ id, answer }: { id: string; answer: string }) =>
    http.post(`/api${knowledgePaths.answerUnanswered}`, answerUnansweredRequest.parse({ appId, id, answer }), { silent: true }),
  );

/** POST core/dataset/unanswered/dismiss {appId, id}. */
export const useDismissUnanswered = (appId: string) =>
  useSettleQuestion(appId, ({ id }: { id: string }) => http.post(`/api${knowledgePaths.dismissUnanswered}`, dismissUnansweredRequest.parse({ appId, id }), { silent: true }));
