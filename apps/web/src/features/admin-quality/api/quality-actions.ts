import { adminQualityPaths } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { qualityKeys } from './get-quality-lists';

/** POST answerUnanswered: the answer becomes a Q&A entry of the agent's knowledge. */
export function answerUnanswered(id: string, answer: string): Promise<{ chunkId: string }> {
  return http.post<{ chunkId: string }>(`/api${adminQualityPaths.answerUnanswered}`, { id, answer });
}

export function dismissUnanswered(id: string): Promise<null> {
  return http.post<null>(`/api${adminQualityPaths.dismissUnanswered}`, { id });
}

export function dismissFeedback(chatItemId: string): Promise<null> {
  return http.post<null>(`/api${adminQualityPaths.dismissFeedback}`, { chatItemId });
}

export function dismissReport(id: string): Promise<null> {
  return http.post<null>(`/api${adminQualityPaths.dismissReport}`, { id });
}

/** Runs one of the queue's actions, then reloads the queue's lists (an entry closed here leaves them). */
export function useQualityAction<T>(action: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: qualityKeys.all }),
  });
}
