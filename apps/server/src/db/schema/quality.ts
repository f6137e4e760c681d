import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { apps } from './apps.js';
import { chatItems } from './chats.js';
import { createdAt } from './columns.js';
import { ownerCheck, ownerColumns } from './owner.js';
import { users } from './users.js';

export const contentReportReasons = ['wrong', 'harmful', 'illegal', 'spam', 'other'] as const;
export type ContentReportReason = (typeof contentReportReasons)[number];

/**
 * Answers a user or visitor reported to the site's operators, with why. One open report per
 * reporter and answer (reporting again updates it). Closed by an operator: dismissed, or the
 * agent hidden.
 */
export const contentReports = pgTable(
  'content_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chatItemId: uuid('chat_item_id')
      .notNull()
      .references(() => chatItems.id, { onDelete: 'cascade' }),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    ...ownerColumns(),
    reason: text('reason', { enum: contentReportReasons }).notNull(),
    note: text('note').notNull().default(''),
    createdAt,
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    ownerCheck('content_reports_owner_check', t),
    check('content_reports_reason_check', sql`${t.reason} in ('wrong', 'harmful', 'illegal', 'spam', 'other')`),
    uniqueIndex('content_reports_item_reporter_key').on(t.chatItemId, sql`coalesce(${t.userId}, ${t.visitorId})`),
    index('content_reports_open_idx').on(t.createdAt).where(sql`closed_at is null`),
  ],
);

/** Thumbs-down answers an operator has looked at and set aside, so the quality queue shows the rest. */
export const feedbackReviews = pgTable('feedback_reviews', {
  chatItemId: uuid('chat_item_id')
    .primaryKey()
    .references(() => chatItems.id, { onDelete: 'cascade' }),
  reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Which part of the content check refused a question: the operators' keyword list or the moderation endpoint. */
export const refusalSources = ['keywords', 'endpoint'] as const;

/**
 * Questions the content check refused before they were saved (MODERATION_CHAT input or both):
 * when, to which agent and by which check, never the text. The dashboard counts them with the
 * answers it withdrew as refused.
 */
export const questionRefusals = pgTable(
  'question_refusals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appId: uuid('app_id').references(() => apps.id, { onDelete: 'set null' }),
    refusedBy: text('refused_by', { enum: refusalSources }).notNull(),
    createdAt,
  },
  (t) => [check('question_refusals_by_check', sql`${t.refusedBy} in ('keywords', 'endpoint')`), index('question_refusals_created_at_idx').on(t.createdAt)],
);
