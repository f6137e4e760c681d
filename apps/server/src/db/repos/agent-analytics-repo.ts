import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../client.js';

/** One day and channel of an agent's use. */
export interface DayChannelRow {
  day: string;
  channel: string;
  conversations: number;
  questions: number;
  users: number;
  visitors: number;
  done: number;
  stopped: number;
  error: number;
  good: number;
  bad: number;
  promptTokens: number;
  completionTokens: number;
}

export interface FeedbackRow {
  at: Date;
  good: boolean;
  bad: boolean;
  notes: string[];
  question: string | null;
  answer: string;
}

export interface OpenUnansweredRow {
  question: string;
  askCount: number;
  lastAskedAt: Date;
}

/** The agent's chats, the owner's own left out (their tries are not use); those the asker deleted since still count. */
function othersChats(appId: string, ownerId: string | null): SQL {
  return sql`c.app_id = ${appId} and (c.user_id is null or c.user_id is distinct from ${ownerId})`;
}

/** Their messages written in the period. */
function periodChats(appId: string, ownerId: string | null, since: Date): SQL {
  return sql`${othersChats(appId, ownerId)} and i.created_at >= ${since.toISOString()}::timestamptz`;
}

async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** What an agent's analytics page reads: aggregates over its chats, their items and its unanswered questions. */
export function agentAnalyticsRepo(db: Database) {
  return {
    /** Per UTC day and channel: conversations begun, questions, askers, answers by status, thumbs and tokens. */
    async byDayAndChannel(appId: string, ownerId: string | null, since: Date): Promise<DayChannelRow[]> {
      const found = await rows<Record<Exclude<keyof DayChannelRow, 'conversations'>, string | number>>(
        db,
        sql`
          select to_char((i.created_at at time zone 'utc')::date, 'YYYY-MM-DD') as "day",
            c.channel as "channel",
            count(*) filter (where i.role = 'user') as "questions",
            count(distinct c.user_id) filter (where i.role = 'user') as "users",
            count(distinct c.visitor_id) filter (where i.role = 'user' and c.channel <> 'api') as "visitors",
            count(*) filter (where i.role = 'assistant' and i.status = 'done') as "done",
            count(*) filter (where i.role = 'assistant' and i.status = 'stopped') as "stopped",
            count(*) filter (where i.role = 'assistant' and i.status = 'error') as "error",
            count(*) filter (where i.user_good_feedback) as "good",
            count(*) filter (where i.user_bad_feedback) as "bad",
            coalesce(sum(i.prompt_tokens), 0) as "promptTokens",
            coalesce(sum(i.completion_tokens), 0) as "completionTokens"
          from chat_items i
          join chats c on c.id = i.chat_id
          where ${periodChats(appId, ownerId, since)}
          group by 1, 2
          order by 1, 2`,
      );
      const begun = await rows<{ day: string; channel: string; conversations: string }>(
        db,
        sql`
          select to_char((c.created_at at time zone 'utc')::date, 'YYYY-MM-DD') as "day", c.channel as "channel", count(*) as "conversations"
          from chats c
          where ${othersChats(appId, ownerId)} and c.created_at >= ${since.toISOString()}::timestamptz
          group by 1, 2`,
      );
      const conversations = new Map(begun.map((row) => [`${row.day} ${row.channel}`, Number(row.conversations)]));
      const seen = new Set(found.map((row) => `${String(row.day)} ${String(row.channel)}`));
      // a day whose conversations began but whose messages fell on the next day still shows them
      const onlyBegun = begun.filter((row) => !seen.has(`${row.day} ${row.channel}`)).map((row) => ({ day: row.day, channel: row.channel }));
      const counts = (row: (typeof found)[number] | null) => {
        const count = (key: Exclude<keyof DayChannelRow, 'day' | 'channel' | 'conversations'>) => Number(row?.[key] ?? 0);
        return {
          questions: count('questions'),
          users: count('users'),
          visitors: count('visitors'),
          done: count('done'),
          stopped: count('stopped'),
          error: count('error'),
          good: count('good'),
          bad: count('bad'),
          promptTokens: count('promptTokens'),
          completionTokens: count('completionTokens'),
        };
      };
      return [...found.map((row) => ({ row, day: String(row.day), channel: String(row.channel) })), ...onlyBegun.map((row) => ({ row: null, ...row }))].map(
        ({ row, day, channel }) => ({ day, channel, conversations: conversations.get(`${day} ${channel}`) ?? 0, ...counts(row) }),
      );
    },

    /** Distinct users and visitors who asked over the whole period. */
    async askers(appId: string, ownerId: string | null, since: Date): Promise<{ users: number; visitors: number }> {
      const [row] = await rows<{ users: string; visitors: string }>(
        db,
        sql`
          select count(distinct c.user_id) as "users",
            count(distinct c.visitor_id) filter (where c.channel <> 'api') as "visitors"
          from chat_items i
          join chats c on c.id = i.chat_id
          where ${periodChats(appId, ownerId, since)} and i.role = 'user'`,
      );
      return { users: Number(row?.users ?? 0), visitors: Number(row?.visitors ?? 0) };
    },

    /** The period's latest questions, newest first. */
    async latestQuestions(appId: string, ownerId: string | null, since: Date, limit: number): Promise<string[]> {
      const found = await rows<{ content: string }>(
        db,
        sql`
          select i.content as "content"
          from chat_items i
          join chats c on c.id = i.chat_id
          where ${periodChats(appId, ownerId, since)} and i.role = 'user'
          order by i.created_at desc, i.seq desc
          limit ${limit}`,
      );
      return found.map((row) => row.content);
    },

    /** Answers rated or noted in the period, newest first, each with the question before it. */
    async feedback(appId: string, ownerId: string | null, since: Date, limit: number): Promise<FeedbackRow[]> {
      const found = await rows<{ at: string | Date; good: boolean; bad: boolean; notes: string[] | string; question: string | null; answer: string }>(
        db,
        sql`
          select i.feedback_at as "at", i.user_good_feedback as "good", i.user_bad_feedback as "bad",
            i.custom_feedbacks as "notes", i.content as "answer",
            (select q.content from chat_items q where q.chat_id = i.chat_id and q.role = 'user' and q.seq < i.seq order by q.seq desc limit 1) as "question"
          from chat_items i
          join chats c on c.id = i.chat_id
          where ${periodChats(appId, ownerId, since)} and i.role = 'assistant' and i.feedback_at is not null
            and (i.user_good_feedback or i.user_bad_feedback or jsonb_array_length(i.custom_feedbacks) > 0)
          order by i.feedback_at desc, i.seq desc
          limit ${limit}`,
      );
      return found.map((row) => ({
        at: new Date(row.at),
        good: row.good,
        bad: row.bad,
        notes: typeof row.notes === 'string' ? (JSON.parse(row.notes) as string[]) : row.notes,
        question: row.question,
        answer: row.answer,
      }));
    },

    /** Open unanswered questions, asked most first, and how many are open. */
    async openUnanswered(appId: string, limit: number): Promise<{ open: number; questions: OpenUnansweredRow[] }> {
      const found = await rows<{ question: string; askCount: number; lastAskedAt: string | Date; open: string }>(
        db,
        sql`
          select u.question as "question", u.ask_count as "askCount", u.last_asked_at as "lastAskedAt", count(*) over () as "open"
          from unanswered_questions u
          where u.app_id = ${appId} and u.answered_at is null
          order by u.ask_count desc, u.last_asked_at desc
          limit ${limit}`,
      );
      return {
        open: Number(found[0]?.open ?? 0),
        questions: found.map((row) => ({ question: row.question, askCount: Number(row.askCount), lastAskedAt: new Date(row.lastAskedAt) })),
      };
    },
  };
}

export type AgentAnalyticsRepo = ReturnType<typeof agentAnalyticsRepo>;
