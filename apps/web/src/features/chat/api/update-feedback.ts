import { chatPaths, type FeedbackData, type UpdateUserFeedbackRequest } from '@parley/contracts';
import { http } from '../../../lib/http';

/** POST core/chat/feedback/updateUserFeedback: thumbs and notes on one answer. */
export function updateFeedback(request: UpdateUserFeedbackRequest): Promise<FeedbackData> {
  return http.post<FeedbackData>(`/api${chatPaths.updateUserFeedback}`, request);
}
