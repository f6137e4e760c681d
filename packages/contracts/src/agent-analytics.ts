import { z } from 'zod';

/**
 * How an agent does, for its owner: the last 30 days (UTC) of conversations and questions by
 * where they came from, who asked (users, visitors), answers by status, thumbs and notes,
 * unanswered questions, the questions asked most and the tokens used. The owner's own chats
 * with the agent are left out. Paths are relative to `/api` (signed-in owners); visitors get
 * LOGIN_REQUIRED, someone else's agent NOT_FOUND.
 */
export const agentAnalyticsPaths = {
  /** GET {appId}: the figures. */
  summary: '/core/app/analytics',
  /** GET {appId}: the same days as CSV (text/csv), one row a day. */
  csv: '/core/app/analytics/csv',
} as const;

export const agentAnalyticsLimits = {
  days: 30,
  topQuestions: 10,
  notes: 20,
  unanswered: 10,
  /** The latest questions grouped for the questions asked most. */
  questionsGrouped: 2000,
} as const;

/** Where a conversation was asked from: the site, the agent's share link, the API, the embedded widget. */
export const analyticsChannels = ['site', 'share', 'api', 'widget'] as const;
export type AnalyticsChannel = (typeof analyticsChannels)[number];

const byChannel = z.object({ site: z.number(), share: z.number(), api: z.number(), widget: z.number() });
export type ByChannel = z.infer<typeof byChannel>;

const answersByStatus = z.object({ done: z.number(), stopped: z.number(), error: z.number() });

export const analyticsDay = z.object({
  /** YYYY-MM-DD, UTC. */
  day: z.string(),
  conversations: byChannel,
  questions: byChannel,
  /** Signed-in people who asked that day. */
  users: z.number(),
  /** Visitors who asked that day (API keys are not people: their calls count under `api`). */
  visitors: z.number(),
  answers: answersByStatus,
  good: z.number(),
  bad: z.number(),
  promptTokens: z.number(),
  completionTokens: z.number(),
});
export type AnalyticsDay = z.infer<typeof analyticsDay>;

export const agentAnalytics = z.object({
  appId: z.string(),
  name: z.string(),
  /** First and last day covered, YYYY-MM-DD (UTC). */
  from: z.string(),
  to: z.string(),
  /** Every day of the period, oldest first, days without use included (zeros). */
  days: z.array(analyticsDay),
  /** The period's sums; `users` and `visitors` are distinct over the whole period (not the sum of the days). */
  totals: analyticsDay.omit({ day: true }),
  /** Questions asked most, alike ones grouped: the latest wording, how often, how many wordings. */
  topQuestions: z.array(z.object({ question: z.string(), count: z.number(), wordings: z.number() })),
  /** Rated answers with a note or a thumb, newest first. */
  feedback: z.array(
    z.object({
      at: z.string(),
      rating: z.enum(['good', 'bad']).nullable(),
      notes: z.array(z.string()),
      question: z.string(),
      answer: z.string(),
    }),
  ),
  /** Questions without a reliable source still open, asked most first, and how many are open. */
  unanswered: z.object({
    open: z.number(),
    questions: z.array(z.object({ question: z.string(), askCount: z.number(), lastAskedAt: z.string() })),
  }),
});
export type AgentAnalytics = z.infer<typeof agentAnalytics>;

export const agentAnalyticsQuery = z.object({ appId: z.uuid({ error: 'must be a valid id' }) });
