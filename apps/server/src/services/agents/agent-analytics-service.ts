import { agentAnalyticsLimits, analyticsChannels, type AgentAnalytics, type AnalyticsChannel, type AnalyticsDay, type ByChannel } from '@parley/contracts';
import type { AgentAnalyticsRepo, DayChannelRow } from '../../db/repos/agent-analytics-repo.js';
import type { AppRepo, AppRow } from '../../db/repos/app-repo.js';
import type { Owner } from '../../db/repos/owner-scope.js';
import { groupQuestions } from '../../text/question-groups.js';
import { ownAgent } from './own-agent.js';

export interface AgentAnalyticsServiceDeps {
  analytics: AgentAnalyticsRepo;
  agents: Pick<AppRepo, 'findLive'>;
  /** The clock the period ends at (tests move it). */
  now?: () => Date;
}

const dayMs = 24 * 60 * 60 * 1000;
/** Answers quoted in the feedback list are cut to this many characters. */
const answerExcerptChars = 300;

const noChannels = (): ByChannel => ({ site: 0, share: 0, api: 0, widget: 0 });

function emptyDay(day: string): AnalyticsDay {
  return {
    day,
    conversations: noChannels(),
    questions: noChannels(),
    users: 0,
    visitors: 0,
    answers: { done: 0, stopped: 0, error: 0 },
    good: 0,
    bad: 0,
    promptTokens: 0,
    completionTokens: 0,
  };
}

function isChannel(channel: string): channel is AnalyticsChannel {
  return (analyticsChannels as readonly string[]).includes(channel);
}

/** Adds one day-and-channel row into its day. Askers are summed over channels: one person on two channels counts twice that day. */
function addInto(day: AnalyticsDay, row: DayChannelRow) {
  if (isChannel(row.channel)) {
    day.conversations[row.channel] += row.conversations;
    day.questions[row.channel] += row.questions;
  }
  day.users += row.users;
  day.visitors += row.visitors;
  day.answers.done += row.done;
  day.answers.stopped += row.stopped;
  day.answers.error += row.error;
  day.good += row.good;
  day.bad += row.bad;
  day.promptTokens += row.promptTokens;
  day.completionTokens += row.completionTokens;
}

function sumChannels(days: AnalyticsDay[], pick: (day: AnalyticsDay) => ByChannel): ByChannel {
  const total = noChannels();
  for (const day of days) for (const channel of analyticsChannels) total[channel] += pick(day)[channel];
  return total;
}

function sum(days: AnalyticsDay[], pick: (day: AnalyticsDay) => number): number {
  return days.reduce((total, day) => total + pick(day), 0);
}

/**
 * An agent's last 30 days for its owner (contracts agent-analytics.ts): every day of the period
 * with its figures by channel, totals, the questions asked most, feedback and open unanswered
 * questions; and the same days as CSV.
 */
export function createAgentAnalyticsService(deps: AgentAnalyticsServiceDeps) {
  const now = deps.now ?? (() => new Date());

  const ownLiveAgent = (owner: Owner, appId: string): Promise<AppRow> => ownAgent(owner, appId, deps.agents.findLive);

  /** The period's days, oldest first (UTC), and the instant it starts. */
  function period(): { since: Date; days: string[] } {
    const today = Date.UTC(now().getUTCFullYear(), now().getUTCMonth(), now().getUTCDate());
    const first = today - (agentAnalyticsLimits.days - 1) * dayMs;
    const days = Array.from({ length: agentAnalyticsLimits.days }, (_, index) => new Date(first + index * dayMs).toISOString().slice(0, 10));
    return { since: new Date(first), days };
  }

  async function summary(owner: Owner, appId: string): Promise<AgentAnalytics> {
    const agent = await ownLiveAgent(owner, appId);
    const { since, days: dayNames } = period();
    const ownerId = agent.ownerId;
    const [rows, askers, questions, feedback, unanswered] = await Promise.all([
      deps.analytics.byDayAndChannel(agent.id, ownerId, since),
      deps.analytics.askers(agent.id, ownerId, since),
      deps.analytics.latestQuestions(agent.id, ownerId, since, agentAnalyticsLimits.questionsGrouped),
      deps.analytics.feedback(agent.id, ownerId, since, agentAnalyticsLimits.notes),
      deps.analytics.openUnanswered(agent.id, agentAnalyticsLimits.unanswered),
    ]);
    const byDay = new Map(dayNames.map((day) => [day, emptyDay(day)]));
    for (const row of rows) {
      const day = byDay.get(row.day);
      if (day) addInto(day, row);
    }
    const days = [...byDay.values()];
    return {
      appId: agent.id,
      name: agent.name,
      from: dayNames[0] ?? '',
      to: dayNames.at(-1) ?? '',
      days,
      totals: {
        conversations: sumChannels(days, (day) => day.conversations),
        questions: sumChannels(days, (day) => day.questions),
        users: askers.users,
        visitors: askers.visitors,
        answers: {
          done: sum(days, (day) => day.answers.done),
          stopped: sum(days, (day) => day.answers.stopped),
          error: sum(days, (day) => day.answers.error),
        },
        good: sum(days, (day) => day.good),
        bad: sum(days, (day) => day.bad),
        promptTokens: sum(days, (day) => day.promptTokens),
        completionTokens: sum(days, (day) => day.completionTokens),
      },
      topQuestions: groupQuestions(questions, agentAnalyticsLimits.topQuestions),
      feedback: feedback.map((row) => ({
        at: row.at.toISOString(),
        rating: row.good ? 'good' : row.bad ? 'bad' : null,
        notes: row.notes,
        question: row.question ?? '',
        answer: Array.from(row.answer).slice(0, answerExcerptChars).join(''),
      })),
      unanswered: {
        open: unanswered.open,
        questions: unanswered.questions.map((row) => ({ question: row.question, askCount: row.askCount, lastAskedAt: row.lastAskedAt.toISOString() })),
      },
    };
  }

  return {
    summary,

    /** The period's days as CSV (numbers only, so nothing a spreadsheet could run), one row a day. */
    async csv(owner: Owner, appId: string): Promise<{ fileName: string; body: string }> {
      const figures = await summary(owner, appId);
      const header = [
        'day',
        ...analyticsChannels.map((channel) => `conversations_${channel}`),
        ...analyticsChannels.map((channel) => `questions_${channel}`),
        'users',
        'visitors',
        'answers_done',
        'answers_stopped',
        'answers_error',
        'thumbs_up',
        'thumbs_down',
        'prompt_tokens',
        'completion_tokens',
      ];
      const lines = figures.days.map((day) =>
        [
          day.day,
          ...analyticsChannels.map((channel) => day.conversations[channel]),
          ...analyticsChannels.map((channel) => day.questions[channel]),
          day.users,
          day.visitors,
          day.answers.done,
          day.answers.stopped,
          day.answers.error,
          day.good,
          day.bad,
          day.promptTokens,
          day.completionTokens,
        ].join(','),
      );
      return { fileName: `${figures.name} ${figures.from} to ${figures.to}.csv`, body: `${[header.join(','), ...lines].join('\r\n')}\r\n` };
    },
  };
}

export type AgentAnalyticsService = ReturnType<typeof createAgentAnalyticsService>;
