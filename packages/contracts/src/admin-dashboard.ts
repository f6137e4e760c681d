import { z } from 'zod';
import { streamErrorKind } from './stream-error-kind.js';
import { streamErrorKinds } from './values/chats.js';

/**
 * The console's dashboard (`/admin`): how the site did today and over the last 30 days, by UTC
 * day (the days the usage ledger counts in). Paths are relative to `/api`; operators only.
 */
export const adminDashboardPaths = {
  /** GET: the figures of the last 30 days, day by day, with today's and the period's sums. */
  figures: '/admin/dashboard',
} as const;

export const dashboardLimits = { days: 30 } as const;

/**
 * The kinds of failed answer the model service caused (or the way to it): the rest are this
 * site's own (`internal`, `answer_too_long`) or its content check (`moderated`, counted as refused).
 */
export const upstreamErrorKinds = streamErrorKinds.filter((kind) => kind !== 'internal' && kind !== 'answer_too_long' && kind !== 'moderated');

export const dashboardFigures = z.object({
  /** Visitors seen for the first time (a new device). */
  newVisitors: z.number().int(),
  /** Visitors who asked at least one question. */
  askingVisitors: z.number().int(),
  signUps: z.number().int(),
  questions: z.number().int(),
  /**
   * Answers by how they ended: `error` is every failure but the content check's; `refused` the
   * questions the content check refused before any answer (MODERATION_CHAT input or both; they
   * are not among `questions`, never having been saved) and the answers it withdrew (both).
   * Answers still being written are in none.
   */
  answers: z.object({ done: z.number().int(), stopped: z.number().int(), error: z.number().int(), refused: z.number().int() }),
  /** Failed answers whose kind is one of upstreamErrorKinds. */
  upstreamErrors: z.number().int(),
  /** Tokens counted in the usage ledger, all models. */
  promptTokens: z.number().int(),
  completionTokens: z.number().int(),
  /**
   * From the question arriving to the answer's first text, over the answers that had one
   * (`measured`); null when none did. Answers from before the server recorded it are not counted.
   */
  firstToken: z.object({ p50Ms: z.number().nullable(), p95Ms: z.number().nullable(), measured: z.number().int() }),
  /** Knowledge files queued for processing, and processing runs that failed for good. */
  knowledgeJobs: z.object({ queued: z.number().int(), failed: z.number().int() }),
  /** Questions no agent could answer from its knowledge, asked for the first time. */
  unanswered: z.number().int(),
});
export type DashboardFigures = z.infer<typeof dashboardFigures>;

export const dashboardDay = dashboardFigures.extend({
  /** YYYY-MM-DD, UTC. */
  day: z.string(),
});
export type DashboardDay = z.infer<typeof dashboardDay>;

const tokenPair = z.object({ promptTokens: z.number().int(), completionTokens: z.number().int() });

export const dashboardData = z.object({
  /** First and last day covered, YYYY-MM-DD (UTC); `to` is today. */
  from: z.string(),
  to: z.string(),
  generatedAt: z.iso.datetime({ offset: true }),
  /** Every day of the period, oldest first, days without use included (zeros). */
  days: z.array(dashboardDay),
  /** Today's figures (the last day). */
  today: dashboardFigures,
  /** The period's: visitors who asked and time to first token over the whole period, not sums of days. */
  period: dashboardFigures,
  /** Tokens by the model they were asked of (LLM_MODELS' name), most used first. */
  tokensByModel: z.array(z.object({ model: z.string(), today: tokenPair, period: tokenPair })),
  /** Failed answers by kind (refusals of the content check aside), most first. */
  errorsByKind: z.array(z.object({ kind: streamErrorKind, today: z.number().int(), period: z.number().int() })),
  /** Now: knowledge jobs waiting or running, and unanswered questions still open. */
  now: z.object({ knowledgeJobsWaiting: z.number().int(), unansweredOpen: z.number().int() }),
});
export type DashboardData = z.infer<typeof dashboardData>;
