import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Citation } from '@parley/contracts';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { migrateDatabase } from '../src/db/migrate.js';
import { brokerRepo } from '../src/db/repos/broker-repo.js';
import { apps } from '../src/db/schema/index.js';
import { parseEvents } from '../test/sse-events.js';
import { planOfflineAnswer, type OfflineThresholds } from '../src/llm/offline-responder.js';
import type { RetrievedPassage } from '../src/llm/provider.js';
import { createBrokerFacts } from '../src/services/brokers/broker-facts.js';
import { minKnowledgeScore } from '../src/services/knowledge/knowledge-settings.js';
import { officialTopics } from '../src/seed/official-assistant.js';
import { officialFaq } from '../src/seed/official-faq.js';
import { isMostlyCjk } from '../src/text/segment.js';
import { offlineQualityQuestions, type OfflineQualityQuestion } from './offline-quality-set.js';

/** What the official assistant answered, as its citations tell: an FAQ entry, something else, or nothing (it declined). */
export type OfflineAnswer =
  | { kind: 'faq'; id: string; language: 'zh' | 'en'; score: number }
  | { kind: 'other'; source: string; score: number }
  | { kind: 'declined' };

export interface OfflineQualityReport {
  questions: number;
  /** Questions an FAQ entry answers, and questions labelled `none`. */
  answerable: number;
  declinable: number;
  /** Answerable questions whose first source is a right entry, in the question's language. */
  top1Accuracy: number;
  /** Questions (of all) answered from a wrong source: another entry, the right one in the other language, or anything for a `none` question. */
  wrongAnswerRate: number;
  /** `none` questions the assistant declined. */
  correctRefusalRate: number;
  /** Answerable questions the assistant declined. */
  missedAnswerRate: number;
  /** Labels naming no entry of the seeded FAQ (their questions cannot be answered right). */
  unknownEntries: string[];
  misses: { question: string; expected: string[] | 'none'; got: string }[];
}

export function describeAnswer(answer: OfflineAnswer): string {
  if (answer.kind === 'declined') return 'declined';
  if (answer.kind === 'faq') return `${answer.id} (${answer.language}, score ${answer.score})`;
  return `${answer.source} (score ${answer.score})`;
}

const entryOfQuestion = new Map<string, { id: string; language: 'zh' | 'en' }>(
  officialFaq.flatMap((entry) => [
    [entry.zh[0], { id: entry.id, language: 'zh' }],
    [entry.en[0], { id: entry.id, language: 'en' }],
  ]),
);

/** The answer's first source, read from its citations (the offline responder cites what it answers from). */
export function classifyAnswer(citations: Citation[]): OfflineAnswer {
  const [first] = citations;
  if (!first) return { kind: 'declined' };
  const entry = first.fileName === 'FAQ' && first.heading ? entryOfQuestion.get(first.heading) : undefined;
  if (entry) return { kind: 'faq', ...entry, score: first.score };
  return { kind: 'other', source: `${first.fileName} · ${first.heading ?? ''}`, score: first.score };
}

/** Whether an answer is right for a labelled question: a right entry in the question's language, or declining a `none` question. */
export function isRight(item: OfflineQualityQuestion, answer: OfflineAnswer): boolean {
  if (item.expected === 'none') return answer.kind === 'declined';
  const language = isMostlyCjk(item.question) ? 'zh' : 'en';
  return answer.kind === 'faq' && item.expected.includes(answer.id) && answer.language === language;
}

/** Runs every question through `ask` and scores the answers. */
export async function measureOfflineQuality(
  ask: (question: string) => Promise<OfflineAnswer>,
  questions: OfflineQualityQuestion[] = offlineQualityQuestions,
): Promise<OfflineQualityReport> {
  let right = 0;
  let wrong = 0;
  let refused = 0;
  let missed = 0;
  const misses: OfflineQualityReport['misses'] = [];
  for (const item of questions) {
    const answer = await ask(item.question);
    if (isRight(item, answer)) {
      if (item.expected === 'none') refused++;
      else right++;
      continue;
    }
    if (answer.kind === 'declined') missed++;
    else wrong++;
    misses.push({ question: item.question, expected: item.expected, got: describeAnswer(answer) });
  }
  const known = new Set(officialFaq.map((entry) => entry.id));
  const unknownEntries = [...new Set(questions.flatMap((item) => (item.expected === 'none' ? [] : item.expected)))].filter((id) => !known.has(id));
  const declinable = questions.filter((item) => item.expected === 'none').length;
  const answerable = questions.length - declinable;
  const share = (count: number, of: number) => (of === 0 ? 0 : Math.round((count / of) * 1000) / 1000);
  return {
    questions: questions.length,
    answerable,
    declinable,
    top1Accuracy: share(right, answerable),
    wrongAnswerRate: share(wrong, questions.length),
    correctRefusalRate: share(refused, declinable),
    missedAnswerRate: share(missed, answerable),
    unknownEntries,
    misses,
  };
}

/**
 * Asks the official assistant as a visitor would, over the app's real chat endpoint (each
 * question in a new chat): retrieval, broker facts and the offline responder as in production.
 */
export async function officialAsker(app: FastifyInstance) {
  const deviceNumber = Array.from({ length: 24 }, () => randomInt(10)).join('');
  const token = await app.inject({ method: 'POST', url: '/api/visitor/getToken', payload: { deviceNumber } });
  const headers = { 'x-parley-visitor-token': token.json().data.visitorToken as string, 'x-parley-device': deviceNumber };
  return async (question: string) => {
    const response = await app.inject({ method: 'POST', url: '/api/visitor/core/chat/completions', headers, payload: { content: question } });
    if (response.statusCode !== 200) throw new Error(`asking "${question}" failed: ${response.statusCode} ${response.body}`);
    const events = parseEvents(response.body);
    const failed = events.find((event) => event.event === 'error');
    if (failed) throw new Error(`asking "${question}" failed: ${JSON.stringify(failed.data)}`);
    const citations = events.find((event) => event.event === 'citations');
    const text = events.map((event) => (event.event === 'delta' ? event.data.text : '')).join('');
    return { text, citations: citations?.event === 'citations' ? citations.data.citations : [] };
  };
}

/**
 * The real server as a fresh install starts it with no model service configured: an in-memory
 * PGlite, migrated, the official assistant and its FAQ seeded, and the demo content (brokers,
 * rankings) loaded. Answers are not paced, and a visitor has no daily limit here.
 */
export async function startOfflineServer(): Promise<FastifyInstance> {
  const handle = await openDatabase({ memory: true });
  await migrateDatabase(handle);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: ':memory:',
    WEB_DIST_DIR: '/nonexistent/parley-web-dist',
    JOBS_ENABLED: 'false',
    DEMO_DATA: 'on',
    OFFLINE_STREAM_DELAY_MS: '0',
    VISITOR_DAILY_MESSAGES: '1000000',
    CHAT_RATE_LIMIT: '1000000',
  });
  const app = await buildApp({ config, db: handle });
  app.addHook('onClose', () => handle.close());
  return app;
}

/**
 * What the chat hands the offline responder for each question (broker facts, then the retrieved
 * passages that reach the chat's threshold), read once, so that the responder can be asked again
 * under other thresholds without asking the server: the sweep that chooses them.
 */
export async function officialKnowledge(app: FastifyInstance, questions: OfflineQualityQuestion[]) {
  const [official] = await app.db.select({ id: apps.id, name: apps.name, intro: apps.intro }).from(apps).where(eq(apps.isOfficial, true));
  if (!official) throw new Error('the official assistant is not seeded');
  const facts = createBrokerFacts({ brokers: brokerRepo(app.db) });
  const knowledge = new Map<string, RetrievedPassage[]>();
  for (const { question } of questions) {
    const [found, brokerFacts] = await Promise.all([app.services.retrieval.search(official.id, question), facts.forQuestion(question)]);
    knowledge.set(question, [...brokerFacts, ...found.filter((passage) => passage.score >= minKnowledgeScore)]);
  }
  const assistant = { name: official.name, intro: official.intro, topics: officialTopics };
  /** The answer the offline responder would give under `thresholds`. */
  return (thresholds: OfflineThresholds) => async (question: string) =>
    classifyAnswer(planOfflineAnswer({ question, knowledge: knowledge.get(question) ?? [], assistant }, thresholds).sources);
}
