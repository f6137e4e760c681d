import { z } from 'zod';

/**
 * Reporting an answer to the site's operators: from one's own chat, by users and visitors alike
 * (paths relative to `/api` and `/api/visitor`). The report lands in the console's quality queue.
 */
export const reportPaths = {
  /** POST {appId, chatId, chatItemId, reason, note}: reporting the same answer again replaces the report. */
  reportAnswer: '/core/chat/report',
} as const;

/** Why: wrong or misleading, harmful or offensive, illegal, spam or advertising, something else. */
export const contentReportReasons = ['wrong', 'harmful', 'illegal', 'spam', 'other'] as const;
export type ContentReportReason = (typeof contentReportReasons)[number];

export const reportLimits = { noteMaxChars: 500 } as const;

const id = z.uuid({ error: 'must be a valid id' });

export const reportAnswerRequest = z.object({
  appId: id,
  chatId: id,
  chatItemId: id,
  reason: z.enum(contentReportReasons, { error: `must be one of ${contentReportReasons.join(', ')}` }),
  note: z
    .string({ error: 'must be text' })
    .trim()
    .max(reportLimits.noteMaxChars, `Use at most ${reportLimits.noteMaxChars} characters`)
    .default(''),
});
export type ReportAnswerRequest = z.input<typeof reportAnswerRequest>;

export const reportAnswerData = z.object({ id: z.string() });
export type ReportAnswerData = z.infer<typeof reportAnswerData>;
