import { reportPaths, type ReportAnswerData, type ReportAnswerRequest } from '@parley/contracts';
import { http } from '../../../lib/http';

/** POST core/chat/report: an answer reported to the site's operators (again: replaces the report). */
export function reportAnswer(request: ReportAnswerRequest): Promise<ReportAnswerData> {
  return http.post<ReportAnswerData>(`/api${reportPaths.reportAnswer}`, request);
}
