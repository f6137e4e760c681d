import type { ReportAnswerData, ReportAnswerRequest } from '@parley/contracts';
import type { Owner } from '../../db/repos/owner-scope.js';
import type { ReportRepo } from '../../db/repos/report-repo.js';
import { AppError } from '../../platform/app-error.js';

/** Reporting an answer to the operators, from one's own chat. */
export function createReportService({ reports }: { reports: Pick<ReportRepo, 'reportAnswer'> }) {
  return {
    async reportAnswer(owner: Owner, input: Required<ReportAnswerRequest>): Promise<ReportAnswerData> {
      const result = await reports.reportAnswer(owner, { appId: input.appId, chatId: input.chatId, itemId: input.chatItemId }, { reason: input.reason, note: input.note });
      if (result === 'not_found') throw new AppError('NOT_FOUND', 'This message does not exist or has been deleted.');
      if (result === 'not_answer') throw new AppError('VALIDATION', 'Only an answer can be reported, not a question.');
      return result;
    },
  };
}

export type ReportService = ReturnType<typeof createReportService>;
