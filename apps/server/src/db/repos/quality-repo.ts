import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../client.js';
import type { ChatCitation, ChatChannel, ChatItemStatus, ContentReportReason } from '../schema/index.js';
import type { TimeIdCursor } from './time-id-cursor.js';

export interface QualityAgentRow {
  appId: string;
  appName: string;
  isOfficial: boolean;
  hidden: boolean;
}
export type UnansweredRow = QualityAgentRow & { id: string; question: string; askCount: number; lastAskedAt: Date; chatItemId: string | null; cursorAt: string };
export type BadFeedbackRow = QualityAgentRow & {
  id: string;
  question: string;
  answer: string;
  notes: string[];
  model: string | null;
  ratedAt: Date;
  cursorAt: string;
};
export type ReportRow = QualityAgentRow & {
  id: string;
  chatItemId: string;
  reason: ContentReportReason;
  note: string;
  question: string;
  answer: string;
  reporterName: string | null;
  createdAt: Date;
  cursorAt: string;
};
export interface ConversationItemRow {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  citations: ChatCitation[];
  status: ChatItemStatus;
  userBadFeedback: boolean;
  customFeedbacks: string[];
  createdAt: Date;
}
export interface ConversationRow {
  chatId: string;
  appId: string;
  title: string;
  channel: ChatChannel;
  askerName: string | null;
}

interface PageOptions {
  appId?: string;
  before?: TimeIdCursor;
  limit: number;
}

async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

const agentColumns = sql`a.id as "appId", a.name as "appName", a.is_official as "isOfficial", a.hidden_at is not null as "hidden"`;

/** The question an answer replied to: the nearest user message before it in its chat. */
const questionOf = (item: string) =>
  sql.raw(`coalesce((select q.content from chat_items q where q.chat_id = ${item}.chat_id and q.seq < ${item}.seq and q.role = 'user' order by q.seq desc limit 1), '')`);

function pageConditions(sortColumn: string, idColumn: string, options: PageOptions): SQL {
  const parts: SQL[] = [];
  if (options.appId) parts.push(sql`and a.id = ${options.appId}`);
  if (options.before) parts.push(sql`and (${sql.raw(sortColumn)}, ${sql.raw(idColumn)}) < (${options.before.createdAt}::timestamptz, ${options.before.id}::uuid)`);
  return sql.join(parts, sql` `);
}

/**
 * The operators' quality queue, across every agent and the official assistant: reads of open
 * unanswered questions, thumbs-down answers not yet set aside and open reports (newest first,
 * on their partial indexes), the conversation each came from, and closing them.
 */
export function qualityRepo(db: Database) {
  return {
    unanswered(options: PageOptions): Promise<UnansweredRow[]> {
      return rows(
        db,
        sql`select u.id, u.question, u.ask_count as "askCount", u.last_asked_at as "lastAskedAt", u.last_chat_item_id as "chatItemId",
              u.last_asked_at::text as "cursorAt", ${agentColumns}
            from unanswered_questions u join apps a on a.id = u.app_id
            where u.answered_at is null and a.deleted_at is null ${pageConditions('u.last_asked_at', 'u.id', options)}
            order by u.last_asked_at desc, u.id desc limit ${options.limit}`,
      );
    },

    badFeedback(options: PageOptions): Promise<BadFeedbackRow[]> {
      return rows(
        db,
        sql`select i.id, i.content as answer, i.custom_feedbacks as notes, coalesce(i.model, i.requested_model) as model,
              i.feedback_at as "ratedAt", i.feedback_at::text as "cursorAt", ${questionOf('i')} as question, ${agentColumns}
            from chat_items i join chats c on c.id = i.chat_id join apps a on a.id = c.app_id
            where i.user_bad_feedback and not exists (select 1 from feedback_reviews r where r.chat_item_id = i.id)
              ${pageConditions('i.feedback_at', 'i.id', options)}
            order by i.feedback_at desc, i.id desc limit ${options.limit}`,
      );
    },

    openReports(options: PageOptions): Promise<ReportRow[]> {
      return rows(
        db,
        sql`select r.id, r.chat_item_id as "chatItemId", r.reason, r.note, r.created_at as "createdAt", r.created_at::text as "cursorAt",
              i.content as answer, ${questionOf('i')} as question, reporter.username as "reporterName", ${agentColumns}
            from content_reports r join chat_items i on i.id = r.chat_item_id join apps a on a.id = r.app_id
              left join users reporter on reporter.id = r.user_id
            where r.closed_at is null ${pageConditions('r.created_at', 'r.id', options)}
            order by r.created_at desc, r.id desc limit ${options.limit}`,
      );
    },

    /** The open question, for answering or dismissing it. */
    async openUnanswered(id: string): Promise<{ id: string; appId: string; question: string; appName: string } | null> {
      const [row] = await rows<{ id: string; appId: string; question: string; appName: string }>(
        db,
        sql`select u.id, u.app_id as "appId", u.question, a.name as "appName" from unanswered_questions u join apps a on a.id = u.app_id
            where u.id = ${id} and u.answered_at is null and a.deleted_at is null`,
      );
      return row ?? null;
    },

    /** Sets a thumbs-down answer aside; null when it has no thumbs-down or was set aside already. */
    async dismissFeedback(chatItemId: string, operatorId: string | null): Promise<{ appId: string; appName: string } | null> {
      const [row] = await rows<{ appId: string; appName: string }>(
        db,
        sql`with rated as (
              select i.id, a.id as app_id, a.name from chat_items i join chats c on c.id = i.chat_id join apps a on a.id = c.app_id
              where i.id = ${chatItemId} and i.user_bad_feedback),
            reviewed as (
              insert into feedback_reviews (chat_item_id, reviewed_by) select id, ${operatorId}::uuid from rated
              on conflict (chat_item_id) do nothing returning chat_item_id)
            select rated.app_id as "appId", rated.name as "appName" from rated join reviewed on reviewed.chat_item_id = rated.id`,
      );
      return row ?? null;
    },

    /** Closes an open report; null when there is no open report with this id. */
    async closeReport(id: string, operatorId: string | null): Promise<{ appId: string; appName: string; reason: ContentReportReason } | null> {
      const [row] = await rows<{ appId: string; appName: string; reason: ContentReportReason }>(
        db,
        sql`update content_reports r set closed_at = now(), closed_by = ${operatorId}::uuid from apps a
            where r.id = ${id} and r.closed_at is null and a.id = r.app_id
            returning r.app_id as "appId", a.name as "appName", r.reason`,
      );
      return row ?? null;
    },

    /** The chat a message is in, with who asked. */
    async conversationOf(chatItemId: string): Promise<ConversationRow | null> {
      const [row] = await rows<ConversationRow>(
        db,
        sql`select c.id as "chatId", c.app_id as "appId", c.title, c.channel, u.username as "askerName"
            from chat_items i join chats c on c.id = i.chat_id left join users u on u.id = c.user_id
            where i.id = ${chatItemId}`,
      );
      return row ?? null;
    },

    /** A chat's questions and answers in order, at most `limit`. */
    conversationItems(chatId: string, limit: number): Promise<ConversationItemRow[]> {
      return rows(
        db,
        sql`select id, role, content, citations, status, user_bad_feedback as "userBadFeedback", custom_feedbacks as "customFeedbacks", created_at as "createdAt"
            from chat_items where chat_id = ${chatId} and role in ('user', 'assistant') order by seq limit ${limit}`,
      );
    },
  };
}

export type QualityRepo = ReturnType<typeof qualityRepo>;
