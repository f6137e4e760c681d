import { z } from 'zod';
import { chatAppInfo, citation } from './chats.js';
import { knowledgeLimits } from './knowledge.js';
import { contentReportReasons } from './reports.js';

/**
 * The console's quality queue: what the official assistant and the agents could not answer,
 * answers rated thumbs-down, and answers users reported; each opens its conversation read-only.
 * Paths relative to `/api`; operators only.
 */
export const adminQualityPaths = {
  /** GET {appId?, cursor?}: open unanswered questions, most recently asked first. */
  unanswered: '/admin/quality/unanswered',
  /** POST {id, answer}: answers it as a Q&A entry of its agent's knowledge and closes it. */
  answerUnanswered: '/admin/quality/unanswered/answer',
  /** POST {id}: closes it without an answer. */
  dismissUnanswered: '/admin/quality/unanswered/dismiss',
  /** GET {appId?, cursor?}: thumbs-down answers not yet set aside, newest rating first. */
  feedback: '/admin/quality/feedback',
  /** POST {chatItemId}: sets a thumbs-down answer aside. */
  dismissFeedback: '/admin/quality/feedback/dismiss',
  /** GET {appId?, cursor?}: open reports, newest first. */
  reports: '/admin/quality/reports',
  /** POST {id}: closes a report without action. */
  dismissReport: '/admin/quality/reports/dismiss',
  /** GET {chatItemId}: the conversation a question, answer or report came from, read-only. */
  conversation: '/admin/quality/conversation',
} as const;

export const qualityLimits = { pageSize: 20, pageSizeMax: 100, conversationItemsMax: 200 } as const;

const id = z.uuid({ error: 'must be a valid id' });
const isoDate = z.iso.datetime({ offset: true });

export const qualityListQuery = z.object({
  /** One agent's (or the official assistant's) entries only. */
  appId: id.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number({ error: 'must be a number' }).int().min(1).max(qualityLimits.pageSizeMax).default(qualityLimits.pageSize),
});
export type QualityListQuery = z.input<typeof qualityListQuery>;

/** Which agent an entry is about. */
export const qualityAgent = z.object({
  id: z.string(),
  name: z.string(),
  isOfficial: z.boolean(),
  /** An operator hid it already. */
  hidden: z.boolean(),
});
export type QualityAgent = z.infer<typeof qualityAgent>;

export const unansweredEntry = z.object({
  id: z.string(),
  agent: qualityAgent,
  question: z.string(),
  askCount: z.number().int(),
  lastAskedAt: isoDate,
  /** The question's message as last asked: opens the conversation; null when that chat is gone. */
  chatItemId: z.string().nullable(),
});
export type UnansweredEntry = z.infer<typeof unansweredEntry>;

export const feedbackEntry = z.object({
  chatItemId: z.string(),
  agent: qualityAgent,
  /** The question the answer was to. */
  question: z.string(),
  answer: z.string(),
  notes: z.array(z.string()),
  model: z.string().nullable(),
  ratedAt: isoDate,
});
export type FeedbackEntry = z.infer<typeof feedbackEntry>;

export const reportEntry = z.object({
  id: z.string(),
  chatItemId: z.string(),
  agent: qualityAgent,
  reason: z.enum(contentReportReasons),
  note: z.string(),
  question: z.string(),
  answer: z.string(),
  /** A signed-in user's name, or null for a visitor. */
  reporterName: z.string().nullable(),
  createdAt: isoDate,
});
export type ReportEntry = z.infer<typeof reportEntry>;

function page<T extends z.ZodType>(entry: T) {
  return z.object({ list: z.array(entry), nextCursor: z.string().nullable() });
}
export const unansweredPage = page(unansweredEntry);
export type UnansweredPage = z.infer<typeof unansweredPage>;
export const feedbackPage = page(feedbackEntry);
export type FeedbackPage = z.infer<typeof feedbackPage>;
export const reportPage = page(reportEntry);
export type ReportPage = z.infer<typeof reportPage>;

export const answerUnansweredAsOperatorRequest = z.object({
  id,
  answer: z
    .string({ error: 'The answer must be text' })
    .trim()
    .min(1, 'Please enter the answer')
    .max(knowledgeLimits.unansweredAnswerMaxChars, `The answer can be at most ${knowledgeLimits.unansweredAnswerMaxChars} characters`),
});
export type AnswerUnansweredAsOperatorRequest = z.input<typeof answerUnansweredAsOperatorRequest>;
export const qualityIdRequest = z.object({ id });
export const dismissFeedbackRequest = z.object({ chatItemId: id });
export const conversationQuery = z.object({ chatItemId: id });

/** The conversation an entry came from: its agent, who asked (a user's name or a visitor), and its messages. */
export const qualityConversation = z.object({
  chatId: z.string(),
  title: z.string(),
  channel: z.enum(['site', 'share', 'api', 'widget']),
  app: chatAppInfo,
  askerName: z.string().nullable(),
  /** The entry's own message among `items`. */
  focusItemId: z.string(),
  items: z.array(
    z.object({
      id: z.string(),
      role: z.enum(['user', 'assistant']),
      content: z.string(),
      citations: z.array(citation),
      status: z.enum(['done', 'streaming', 'stopped', 'error']),
      userBadFeedback: z.boolean(),
      customFeedbacks: z.array(z.string()),
      createdAt: isoDate,
    }),
  ),
  /** More messages than are shown (the first `conversationItemsMax`). */
  truncated: z.boolean(),
});
export type QualityConversation = z.infer<typeof qualityConversation>;
