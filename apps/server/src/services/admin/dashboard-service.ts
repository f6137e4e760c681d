import { dashboardLimits, streamErrorKinds, upstreamErrorKinds, type DashboardData, type DashboardFigures, type StreamErrorKind } from '@parley/contracts';
import type { DayCount, MessageCounts, SiteStatsRepo, StatsPeriod } from '../../db/repos/site-stats-repo.js';
import { knowledgeProcessJob } from '../knowledge/knowledge-processing.js';

export interface DashboardDeps {
  stats: Pick<SiteStatsRepo, 'people' | 'messages' | 'errorsByKind' | 'tokens' | 'knowledge'>;
  now?: () => Date;
}

const dayMs = 24 * 60 * 60 * 1000;

/** The `days` UTC days up to and including the one `now` falls on, oldest first. */
export function periodDays(now: Date, days: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, index) => new Date(today - (days - 1 - index) * dayMs).toISOString().slice(0, 10));
}

/** Looks a figure up by day (null: the whole period); a day without a row had none. */
function lookup(counts: DayCount[]) {
  const byDay = new Map(counts.map((entry) => [entry.day, entry.value]));
  return (day: string | null) => byDay.get(day) ?? 0;
}

function isStreamErrorKind(kind: string): kind is StreamErrorKind {
  return (streamErrorKinds as readonly string[]).includes(kind);
}

const noMessages: Omit<MessageCounts, 'day'> = {
  questions: 0,
  done: 0,
  stopped: 0,
  error: 0,
  refused: 0,
  upstreamErrors: 0,
  p50Ms: null,
  p95Ms: null,
  measured: 0,
};

const roundMs = (value: number | null) => (value === null ? null : Math.round(value));

/** The console's dashboard: the site's last 30 UTC days, each day and in sum, with today's apart. */
export function createDashboardService({ stats, now = () => new Date() }: DashboardDeps) {
  return {
    async figures(): Promise<DashboardData> {
      const generatedAt = now();
      const days = periodDays(generatedAt, dashboardLimits.days);
      const period: StatsPeriod = { from: days[0] ?? '', today: days.at(-1) ?? '' };
      const [people, messages, errors, tokens, knowledge] = await Promise.all([
        stats.people(period),
        stats.messages(period, upstreamErrorKinds),
        stats.errorsByKind(period),
        stats.tokens(period),
        stats.knowledge(period, knowledgeProcessJob),
      ]);

      const newVisitors = lookup(people.newVisitors);
      const askingVisitors = lookup(people.askingVisitors);
      const signUps = lookup(people.signUps);
      const queued = lookup(knowledge.queued);
      const failed = lookup(knowledge.failed);
      const unanswered = lookup(knowledge.unanswered);
      const messagesOf = new Map(messages.map((row) => [row.day, row]));
      const tokenDays = new Map(tokens.filter((row) => row.model === null).map((row) => [row.day, row]));

      const figuresOf = (day: string | null): DashboardFigures => {
        const counted = messagesOf.get(day) ?? noMessages;
        const used = tokenDays.get(day);
        return {
          newVisitors: newVisitors(day),
          askingVisitors: askingVisitors(day),
          signUps: signUps(day),
          questions: counted.questions,
          answers: { done: counted.done, stopped: counted.stopped, error: counted.error, refused: counted.refused },
          upstreamErrors: counted.upstreamErrors,
          promptTokens: used?.promptTokens ?? 0,
          completionTokens: used?.completionTokens ?? 0,
          firstToken: { p50Ms: roundMs(counted.p50Ms), p95Ms: roundMs(counted.p95Ms), measured: counted.measured },
          knowledgeJobs: { queued: queued(day), failed: failed(day) },
          unanswered: unanswered(day),
        };
      };

      const dayFigures = days.map((day) => ({ day, ...figuresOf(day) }));
      // a kind the contracts do not know (a row from an older version) is counted as internal
      const errorsByKind = new Map<StreamErrorKind, { today: number; period: number }>();
      for (const row of errors) {
        const kind = isStreamErrorKind(row.kind) ? row.kind : 'internal';
        const sum = errorsByKind.get(kind) ?? { today: 0, period: 0 };
        errorsByKind.set(kind, { today: sum.today + row.today, period: sum.period + row.period });
      }
      return {
        from: period.from,
        to: period.today,
        generatedAt: generatedAt.toISOString(),
        days: dayFigures,
        today: figuresOf(period.today),
        period: figuresOf(null),
        tokensByModel: tokens.flatMap((row) =>
          row.model === null
            ? []
            : [
                {
                  model: row.model,
                  today: { promptTokens: row.todayPromptTokens, completionTokens: row.todayCompletionTokens },
                  period: { promptTokens: row.promptTokens, completionTokens: row.completionTokens },
                },
              ],
        ),
        errorsByKind: [...errorsByKind].map(([kind, counts]) => ({ kind, ...counts })).sort((a, b) => b.period - a.period),
        now: { knowledgeJobsWaiting: knowledge.waitingNow, unansweredOpen: knowledge.unansweredOpen },
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
