import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../client.js';

/**
 * A period of whole UTC days: `from` (YYYY-MM-DD) to today, and the day today is. Each query
 * reads an indexed range of created_at (or the ledger's day) from the start of `from`.
 */
export interface StatsPeriod {
  from: string;
  today: string;
}

/** A count of one day (YYYY-MM-DD), or of the whole period when `day` is null. */
export interface DayCount {
  day: string | null;
  value: number;
}

export interface PeopleCounts {
  newVisitors: DayCount[];
  askingVisitors: DayCount[];
  signUps: DayCount[];
}

/** Messages of one day, or of the whole period when `day` is null. */
export interface MessageCounts {
  day: string | null;
  questions: number;
  done: number;
  stopped: number;
  error: number;
  refused: number;
  upstreamErrors: number;
  p50Ms: number | null;
  p95Ms: number | null;
  measured: number;
}

/** Tokens of one model (`day` null), of one day (`model` null) or of the period (both null), with today's share. */
export interface TokenCounts {
  model: string | null;
  day: string | null;
  promptTokens: number;
  completionTokens: number;
  todayPromptTokens: number;
  todayCompletionTokens: number;
}

export interface ErrorKindCount {
  kind: string;
  today: number;
  period: number;
}

export interface KnowledgeCounts {
  queued: DayCount[];
  failed: DayCount[];
  unanswered: DayCount[];
  waitingNow: number;
  unansweredOpen: number;
}

export interface ModelAnswerCount {
  model: string;
  answers: number;
  upstreamErrors: number;
}

type Row = Record<string, unknown>;

async function rows(db: Database, query: SQL): Promise<Row[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: Row[] }).rows;
}

const count = (value: unknown) => Number(value ?? 0);
const nullableNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const nullableText = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** Midnight UTC at the start of a YYYY-MM-DD day, as a timestamptz. */
const dayStart = (day: string) => sql`(${day}::date)::timestamp at time zone 'utc'`;
/** The UTC day of a timestamptz column: grouped as a date (a far cheaper sort than text), named as YYYY-MM-DD after. */
const utcDay = (column: SQL) => sql`(${column} at time zone 'utc')::date`;
const dayName = sql`to_char(d, 'YYYY-MM-DD')`;
const inList = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** Rows of `figure, day, value` (from grouping sets of day and of the whole period) split by figure. */
function byFigure<T extends string>(found: Row[], figures: readonly T[]): Record<T, DayCount[]> {
  const split = Object.fromEntries(figures.map((figure) => [figure, [] as DayCount[]])) as Record<T, DayCount[]>;
  for (const row of found) split[row.figure as T]?.push({ day: nullableText(row.day), value: count(row.value) });
  return split;
}

/**
 * The site's figures for the console's dashboard, each group one statement aggregated in the
 * database over an indexed range of days: `grouping sets ((day), ())` gives each day and the whole
 * period at once (distinct counts and percentiles of the period are not sums of the days').
 */
export function siteStatsRepo(db: Database) {
  return {
    /** New visitors (visitors.created_at), visitors who asked (the usage ledger's messages), sign-ups (users.created_at). */
    async people({ from }: StatsPeriod): Promise<PeopleCounts> {
      const found = await rows(
        db,
        sql`
          select 'newVisitors' as "figure", ${dayName} as "day", count(*) as "value"
          from (select ${utcDay(sql`created_at`)} as d from visitors where created_at >= ${dayStart(from)}) v
          group by grouping sets ((d), ())
          union all
          select 'signUps', ${dayName}, count(*)
          from (select ${utcDay(sql`created_at`)} as d from users where created_at >= ${dayStart(from)}) u
          group by grouping sets ((d), ())
          union all
          select 'askingVisitors', ${dayName}, count(distinct visitor_id)
          from (select day as d, visitor_id from usage_ledger where day >= ${from}::date and visitor_id is not null and messages > 0) l
          group by grouping sets ((d), ())`,
      );
      return byFigure(found, ['newVisitors', 'askingVisitors', 'signUps'] as const);
    },

    /**
     * Questions; answers by how they ended (refused: questions the content check refused before
     * any answer, and answers it withdrew; the model service's failures among the errors); time
     * to first token.
     */
    async messages({ from }: StatsPeriod, upstreamKinds: readonly string[]): Promise<MessageCounts[]> {
      const found = await rows(
        db,
        sql`
          select ${dayName} as "day",
            count(*) filter (where role = 'user') as "questions",
            count(*) filter (where role = 'assistant' and status = 'done') as "done",
            count(*) filter (where role = 'assistant' and status = 'stopped') as "stopped",
            count(*) filter (where role = 'assistant' and status = 'error' and error_kind is distinct from 'moderated') as "error",
            count(*) filter (where role = 'assistant' and status = 'error' and error_kind = 'moderated')
              + coalesce(sum(refusals) filter (where role = 'refused'), 0) as "refused",
            count(*) filter (where role = 'assistant' and status = 'error' and error_kind in (${inList(upstreamKinds)})) as "upstreamErrors",
            percentile_cont(0.5) within group (order by first_token_ms) filter (where role = 'assistant') as "p50Ms",
            percentile_cont(0.95) within group (order by first_token_ms) filter (where role = 'assistant') as "p95Ms",
            count(first_token_ms) filter (where role = 'assistant') as "measured"
          from (
            select ${utcDay(sql`created_at`)} as d, role, status, error_kind, first_token_ms, null::bigint as refusals
            from chat_items where created_at >= ${dayStart(from)}
            union all
            -- refused questions were never saved: one row a day of their count
            select ${utcDay(sql`created_at`)}, 'refused', null, null, null, count(*)
            from question_refusals where created_at >= ${dayStart(from)}
            group by 1
          ) i
          group by grouping sets ((d), ())`,
      );
      return found.map((row) => ({
        day: nullableText(row.day),
        questions: count(row.questions),
        done: count(row.done),
        stopped: count(row.stopped),
        error: count(row.error),
        refused: count(row.refused),
        upstreamErrors: count(row.upstreamErrors),
        p50Ms: nullableNumber(row.p50Ms),
        p95Ms: nullableNumber(row.p95Ms),
        measured: count(row.measured),
      }));
    },

    /** Failed answers by kind (the content check's aside), over the period and today. */
    async errorsByKind({ from, today }: StatsPeriod): Promise<ErrorKindCount[]> {
      const found = await rows(
        db,
        sql`
          select coalesce(error_kind, 'internal') as "kind", count(*) as "period", count(*) filter (where created_at >= ${dayStart(today)}) as "today"
          from chat_items
          where created_at >= ${dayStart(from)} and role = 'assistant' and status = 'error' and error_kind is distinct from 'moderated'
          group by 1
          order by 2 desc, 1`,
      );
      return found.map((row) => ({ kind: String(row.kind), today: count(row.today), period: count(row.period) }));
    },

    /** Tokens from the usage ledger by model (with today's), by day and in all. */
    async tokens({ from, today }: StatsPeriod): Promise<TokenCounts[]> {
      const found = await rows(
        db,
        sql`
          select model as "model", to_char(day, 'YYYY-MM-DD') as "day",
            coalesce(sum(prompt_tokens), 0) as "promptTokens",
            coalesce(sum(completion_tokens), 0) as "completionTokens",
            coalesce(sum(prompt_tokens) filter (where day = ${today}::date), 0) as "todayPromptTokens",
            coalesce(sum(completion_tokens) filter (where day = ${today}::date), 0) as "todayCompletionTokens"
          from usage_ledger
          where day >= ${from}::date
          group by grouping sets ((model), (day), ())
          order by sum(prompt_tokens) + sum(completion_tokens) desc, 1, 2`,
      );
      return found.map((row) => ({
        model: nullableText(row.model),
        day: nullableText(row.day),
        promptTokens: count(row.promptTokens),
        completionTokens: count(row.completionTokens),
        todayPromptTokens: count(row.todayPromptTokens),
        todayCompletionTokens: count(row.todayCompletionTokens),
      }));
    },

    /**
     * Knowledge processing jobs (`kind`) queued and failed for good by day, those waiting or
     * running now; unanswered questions first asked by day, and those open now.
     */
    async knowledge({ from }: StatsPeriod, kind: string): Promise<KnowledgeCounts> {
      const found = await rows(
        db,
        sql`
          select 'queued' as "figure", ${dayName} as "day", count(*) as "value"
          from (select ${utcDay(sql`created_at`)} as d from jobs where kind = ${kind} and created_at >= ${dayStart(from)}) q
          group by grouping sets ((d), ())
          union all
          select 'failed', ${dayName}, count(*)
          from (select ${utcDay(sql`finished_at`)} as d from jobs where status = 'failed' and kind = ${kind} and finished_at >= ${dayStart(from)}) f
          group by grouping sets ((d), ())
          union all
          select 'unanswered', ${dayName}, count(*)
          from (select ${utcDay(sql`asked_at`)} as d from unanswered_questions where asked_at >= ${dayStart(from)}) u
          group by grouping sets ((d), ())
          union all
          select 'waitingNow', null, count(*) from jobs where status in ('queued', 'running') and kind = ${kind}
          union all
          select 'unansweredOpen', null, count(*) from unanswered_questions where answered_at is null`,
      );
      const split = byFigure(found, ['queued', 'failed', 'unanswered', 'waitingNow', 'unansweredOpen'] as const);
      return {
        queued: split.queued,
        failed: split.failed,
        unanswered: split.unanswered,
        waitingNow: split.waitingNow[0]?.value ?? 0,
        unansweredOpen: split.unansweredOpen[0]?.value ?? 0,
      };
    },

    /**
     * Answers that ended since `since`, by the model they were asked of, and how many of them the
     * model service failed. Canned replies (no model wrote them) are left out.
     */
    async answersByModel(since: string, upstreamKinds: readonly string[]): Promise<ModelAnswerCount[]> {
      const found = await rows(
        db,
        sql`
          select coalesce(requested_model, model) as "model", count(*) as "answers",
            count(*) filter (where status = 'error' and error_kind in (${inList(upstreamKinds)})) as "upstreamErrors"
          from chat_items
          where created_at >= ${dayStart(since)} and role = 'assistant' and status <> 'streaming' and model is not null
          group by 1
          order by 2 desc`,
      );
      return found.map((row) => ({ model: String(row.model), answers: count(row.answers), upstreamErrors: count(row.upstreamErrors) }));
    },
  };
}

export type SiteStatsRepo = ReturnType<typeof siteStatsRepo>;
