import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../platform/app-error.js';
import type { AnswerGuard, Failure } from '../chat/answer-relay.js';
import { checkGrowingText } from './growing-text-check.js';
import { createKeywordMatcher, type KeywordMatcher } from './keyword-matcher.js';
import type { CompiledKeywords } from './keyword-matcher-cache.js';
import { askModerationEndpoint, type ModerationSettings } from './moderation-endpoint.js';
import type { ModerationMetrics, ModerationStage } from './moderation-metrics.js';

/** MODERATION_CHAT: what of a chat the content check reads. */
export type ChatModerationMode = 'off' | 'input' | 'both';

export interface ChatModerationDeps {
  mode: ChatModerationMode;
  /** The keyword list in force, compiled. */
  keywords: () => Promise<CompiledKeywords>;
  /** The moderation endpoint; an empty baseUrl: none. */
  endpoint: ModerationSettings;
  metrics: ModerationMetrics;
  /** Keeps a refused question's count for the dashboard (which agent, which check; never the text). */
  recordRefusal: (refusal: { appId: string | null; refusedBy: 'keywords' | 'endpoint' }) => Promise<void>;
}

/** The content check on one question, ready to run; throws QUESTION_REFUSED. */
export type QuestionCheck = (question: string, about: ModerationAbout) => Promise<void>;

/** Whose text is checked, for the operators' log line: the request's log (with its id) and the agent. */
export interface ModerationAbout {
  log: FastifyBaseLogger;
  appId: string | null;
}

/** What the browser is told, and the saved answer says, in place of an answer that was cut. */
export const moderatedAnswerMessage = 'This answer was withdrawn because it contained content this site does not allow.';

const noKeywords = createKeywordMatcher([]);

/**
 * A text's length and a short fingerprint of it, taken as it grows: operators can match repeats
 * of a refused text without the log keeping it.
 */
function measure() {
  const hash = createHash('sha256');
  let chars = 0;
  return {
    add(text: string) {
      hash.update(text);
      chars += text.length;
    },
    /** Once, when the text is reported. */
    taken: () => ({ chars, textHash: hash.digest('hex').slice(0, 16) }),
  };
}

function measured(text: string) {
  const measuring = measure();
  measuring.add(text);
  return measuring.taken();
}

function flaggedCategories(categories: Record<string, boolean | null>): string[] {
  return Object.entries(categories)
    .filter(([, flagged]) => flagged)
    .map(([name]) => name);
}

/** What flagged a text, for the log: the keyword, or the endpoint's categories. */
type Verdict = { by: 'keywords'; keyword: string } | { by: 'endpoint'; categories: string[] };

/**
 * The content check that guards publishing, applied to chats (MODERATION_CHAT): questions are
 * refused before they are saved or reach any model, and with `both` an answer is watched as it
 * streams and cut when flagged. The moderation endpoint failing lets a chat text through
 * (counted and logged), where publishing would wait: a chat is read by the one who asked, now.
 */
export function createChatModeration(deps: ChatModerationDeps) {
  const { metrics, endpoint } = deps;

  /**
   * The keyword list operators saved, not the shipped one: that names phrases an agent may not
   * be published with, which people rightly ask about ("杀猪盘", "guaranteed returns"), as the
   * official assistant's FAQ and the prompt library do. None while it cannot be read (logged).
   */
  async function keywords(about: ModerationAbout): Promise<KeywordMatcher> {
    try {
      const { matcher, saved } = await deps.keywords();
      return saved ? matcher : noKeywords;
    } catch (error) {
      about.log.warn({ err: error }, 'the keyword list could not be read; chat text went through without it');
      return noKeywords;
    }
  }

  /** The endpoint's verdict on one text; null when it did not flag it or could not be asked. */
  async function endpointVerdict(text: string, stage: ModerationStage, about: ModerationAbout): Promise<Verdict | null> {
    if (endpoint.baseUrl === '' || text.trim() === '') return null;
    try {
      const [result] = await askModerationEndpoint([text], endpoint);
      return result?.flagged ? { by: 'endpoint', categories: flaggedCategories(result.categories) } : null;
    } catch (error) {
      metrics.endpointFailed(stage);
      about.log.warn({ err: error, stage, appId: about.appId }, 'the moderation endpoint could not check a chat text; it went through');
      return null;
    }
  }

  function report(stage: ModerationStage, verdict: Verdict, text: { chars: number; textHash: string }, about: ModerationAbout) {
    metrics.refused(stage, verdict.by);
    const what = stage === 'question' ? 'a question was refused' : 'an answer was cut';
    about.log.warn({ moderation: { stage, ...verdict }, appId: about.appId, ...text }, `content check: ${what}`);
  }

  /** Refuses a flagged question (QUESTION_REFUSED, naming no rule), by the keyword list read before. */
  async function refuseIfFlagged(matcher: KeywordMatcher, question: string, about: ModerationAbout): Promise<void> {
    const keyword = matcher.firstListed(question);
    const verdict: Verdict | null = keyword !== null ? { by: 'keywords', keyword } : await endpointVerdict(question, 'question', about);
    if (!verdict) return;
    report('question', verdict, measured(question), about);
    // counted, but a count that cannot be kept does not turn the refusal into a failure
    await deps.recordRefusal({ appId: about.appId, refusedBy: verdict.by }).catch((error: unknown) => {
      about.log.warn({ err: error, appId: about.appId }, 'a refused question could not be counted');
    });
    throw new AppError('QUESTION_REFUSED');
  }

  /**
   * Reads what checking a question needs (the keyword list in force) and answers the check, which
   * then asks the database nothing more: a chat reads it alongside its other lookups. A no-op
   * check with MODERATION_CHAT=off.
   */
  async function prepareQuestionCheck(log: FastifyBaseLogger): Promise<QuestionCheck> {
    if (deps.mode === 'off') return async () => undefined;
    const matcher = await keywords({ log, appId: null });
    return (question, about) => refuseIfFlagged(matcher, question, about);
  }

  return {
    prepareQuestionCheck,

    /** Refuses a flagged question (QUESTION_REFUSED, naming no rule); a no-op with MODERATION_CHAT=off. */
    async checkQuestion(question: string, about: ModerationAbout): Promise<void> {
      const check = await prepareQuestionCheck(about.log);
      await check(question, about);
    },

    /**
     * With MODERATION_CHAT=both, a guard for one answer: the keyword list on each new piece as
     * it streams (with the tail before it), the endpoint once on the finished answer, where a
     * single request judges the whole of it and costs no time while the answer is read.
     */
    guardAnswer(about: ModerationAbout): AnswerGuard | undefined {
      if (deps.mode !== 'both') return undefined;
      const watching = keywords(about).then(checkGrowingText);
      const written = measure();
      const cut = (verdict: Verdict): Failure => {
        report('answer', verdict, written.taken(), about);
        return { kind: 'moderated', message: moderatedAnswerMessage, status: null };
      };
      return {
        async inspect(piece) {
          written.add(piece);
          const keyword = (await watching).add(piece);
          return keyword === null ? null : cut({ by: 'keywords', keyword });
        },
        async finish(content) {
          const keyword = (await watching).end();
          if (keyword !== null) return cut({ by: 'keywords', keyword });
          const verdict = await endpointVerdict(content, 'answer', about);
          return verdict ? cut(verdict) : null;
        },
      };
    },
  };
}

export type ChatModeration = ReturnType<typeof createChatModeration>;
