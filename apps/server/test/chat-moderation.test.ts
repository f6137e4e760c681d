import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { agentPaths, chatPaths } from '@parley/contracts';
import { blockedKeywordsKey, siteSettingsRepo } from '../src/db/repos/site-settings-repo.js';
import { siteSettings } from '../src/db/schema/index.js';
import { agentForm } from './fixtures/agents.js';
import { call, signedInUser } from './fixtures/chats.js';
import { post, readStream, savedChats, visitorCaller, type Caller } from './chat-stream-helpers.js';
import { startFakeModeration } from './fake-moderation.js';
import { startFakeOpenAI } from './fake-openai/index.js';
import { buildTestApp, readMetrics, testDatabase } from './helper.js';

const fake = await startFakeOpenAI({ apiKey: 'test-key', models: ['fake-model'] });
const moderation = await startFakeModeration(['scam']);
afterAll(() => Promise.all([fake.close(), moderation.close()]));

const config = {
  LLM_BASE_URL: fake.url,
  LLM_API_KEY: 'test-key',
  LLM_MODELS: 'fake-model',
  VISITOR_TOKEN_RATE_LIMIT: '1000',
  MODERATION_BASE_URL: moderation.url,
  MODERATION_API_KEY: 'mod-key',
};
/** MODERATION_CHAT left at its default: questions are checked. */
const app = await buildTestApp(config);
const unchecked = await buildTestApp({ ...config, MODERATION_CHAT: 'off' });
const answersToo = await buildTestApp({ ...config, MODERATION_CHAT: 'both' });
const db = (await testDatabase()).handle.db;
const operatorsList = ['online casino', '赌博'];
await siteSettingsRepo(db).set(blockedKeywordsKey, operatorsList);

const refusedQuestion = {
  code: 10011,
  msg: 'This question cannot be answered here because it touches on content this site does not allow. Please rephrase it.',
  data: null,
};
const withdrawn = 'This answer was withdrawn because it contained content this site does not allow.';

beforeEach(() => {
  fake.reset();
  fake.setScenario({ kind: 'ok' });
  moderation.requests.length = 0;
});

/** A counter of the app's /metrics, by its labels as Prometheus writes them; 0 when not yet counted. */
async function counted(server: FastifyInstance, name: string, labels: string): Promise<number> {
  const line = (await readMetrics(server)).split('\n').find((entry) => entry.startsWith(`${name}{${labels}} `));
  return line ? Number(line.split(' ')[1]) : 0;
}

const ask = (server: FastifyInstance, caller: Caller, content: string, chatId?: string) =>
  post(server, caller, chatPaths.completions, { content, ...(chatId ? { chatId } : {}) });

describe('questions, checked before they are saved or reach a model', () => {
  it('refuses a question with a word of the operators’ list, naming no word, saving nothing and asking no model', async () => {
    const visitor = await visitorCaller(app);
    const before = await counted(app, 'moderation_refusals_total', 'stage="question",by="keywords"');
    const refused = await ask(app, visitor, 'Where is the best ONLINE CASINO?');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual(refusedQuestion);
    expect(await savedChats(visitor.owner)).toEqual({ chats: [], items: [] });

    // in a chat that exists, too: the chat keeps only what was asked before
    const chatId = readStream((await ask(app, visitor, 'What is a spread?')).body).start!.chatId;
    expect((await ask(app, visitor, '网上赌博靠谱吗', chatId)).json()).toEqual(refusedQuestion);
    expect((await savedChats(visitor.owner)).items.map((item) => item.content)).toEqual(['What is a spread?', 'Hello from the fake model.']);
    expect(fake.requests).toHaveLength(1);
    // the list decided: the endpoint was asked only about the question it let through
    expect(moderation.requests.map((request) => request.body.input)).toEqual([['What is a spread?']]);
    expect(await counted(app, 'moderation_refusals_total', 'stage="question",by="keywords"')).toBe(before + 2);
  });

  it('asks the moderation endpoint about a question the list lets through, and refuses what it flags', async () => {
    const visitor = await visitorCaller(app);
    const before = await counted(app, 'moderation_refusals_total', 'stage="question",by="endpoint"');
    const refused = await ask(app, visitor, 'Is the scam coin a good buy?');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual(refusedQuestion);
    expect(moderation.requests).toEqual([
      { authorization: 'Bearer mod-key', body: { model: 'omni-moderation-latest', input: ['Is the scam coin a good buy?'] } },
    ]);
    expect(fake.requests).toHaveLength(0);
    expect(await savedChats(visitor.owner)).toEqual({ chats: [], items: [] });
    expect(await counted(app, 'moderation_refusals_total', 'stage="question",by="endpoint"')).toBe(before + 1);
  });

  it('lets questions through while the moderation endpoint is down, counting each one it could not check', async () => {
    const visitor = await visitorCaller(app);
    const before = await counted(app, 'moderation_errors_total', 'stage="question"');
    moderation.failWith(503);
    try {
      const answered = readStream((await ask(app, visitor, 'Is the scam coin a good buy?')).body);
      expect(answered.done?.status).toBe('done');
    } finally {
      moderation.failWith(null);
    }
    expect(await counted(app, 'moderation_errors_total', 'stage="question"')).toBe(before + 1);
  });

  it('refuses a flagged question in the agent preview too, before any model is asked', async () => {
    const me = await signedInUser(db);
    const refused = await call(app, me, 'POST', agentPaths.preview, { draft: agentForm(), content: 'Rank the online casino sites' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual(refusedQuestion);
    expect(fake.requests).toHaveLength(0);
  });

  it('uses no keyword list until operators save one: the shipped list guards publishing only', async () => {
    await db.delete(siteSettings).where(eq(siteSettings.key, blockedKeywordsKey));
    try {
      const visitor = await visitorCaller(app);
      // "杀猪盘" (pig-butchering scam) is on the shipped list; asking how to spot one is what the site is for
      const answered = readStream((await ask(app, visitor, '怎么识别杀猪盘?')).body);
      expect(answered.done?.status).toBe('done');
    } finally {
      await siteSettingsRepo(db).set(blockedKeywordsKey, operatorsList);
    }
    expect((await ask(app, await visitorCaller(app), 'Best online casino?')).json()).toEqual(refusedQuestion);
  });

  it('checks nothing with MODERATION_CHAT=off', async () => {
    const visitor = await visitorCaller(unchecked);
    const answered = readStream((await ask(unchecked, visitor, 'Where is the best online casino?')).body);
    expect(answered.done?.status).toBe('done');
    expect(moderation.requests).toEqual([]);
    expect(await counted(unchecked, 'moderation_refusals_total', 'stage="question",by="keywords"')).toBe(0);
  });
});

describe('answers, with MODERATION_CHAT=both', () => {
  it('cuts an answer at the piece that completes a listed phrase, sends nothing after it, and saves the notice in its place', async () => {
    fake.setScenario({ kind: 'ok', tokens: ['Try ', 'an ', 'online ', 'cas', 'ino ', 'tonight ', 'for ', 'fun.'], intervalMs: 20 });
    const visitor = await visitorCaller(answersToo);
    const before = await counted(answersToo, 'moderation_refusals_total', 'stage="answer",by="keywords"');
    const stream = readStream((await ask(answersToo, visitor, 'Any plans for tonight?')).body);

    // what went out stops before the piece that completed the phrase (pieces may arrive joined)
    expect(stream.text).toBe('Try an online cas'.slice(0, stream.text.length));
    expect(stream.names.at(-1)).toBe('error');
    expect(stream.error).toEqual({ answerId: stream.start!.answerId, kind: 'moderated', message: withdrawn, status: null, retryable: true });
    // the model's stream is closed rather than read to its end
    while (fake.abortedRequests === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const items = await answersToo.inject({ url: `/api/visitor/core/chat/items?chatId=${stream.start!.chatId}`, headers: visitor.headers });
    expect(items.json().data.items.at(-1)).toMatchObject({ role: 'assistant', status: 'error', content: '', error: withdrawn });
    expect(await counted(answersToo, 'moderation_refusals_total', 'stage="answer",by="keywords"')).toBe(before + 1);
  });

  it('asks the moderation endpoint about each finished answer, keeping a clean one and withdrawing a flagged one', async () => {
    const visitor = await visitorCaller(answersToo);
    fake.setScenario({ kind: 'ok', text: 'A spread is the gap between bid and ask.' });
    const clean = readStream((await ask(answersToo, visitor, 'What is a spread?')).body);
    expect(clean.done?.status).toBe('done');

    fake.setScenario({ kind: 'ok', text: 'Buy the scam coin now.' });
    const flagged = readStream((await ask(answersToo, visitor, 'What should I buy?', clean.start!.chatId)).body);
    expect(flagged.text).toBe('Buy the scam coin now.');
    expect(flagged.error).toMatchObject({ kind: 'moderated', message: withdrawn });

    expect(moderation.requests.map((request) => request.body.input)).toEqual([
      ['What is a spread?'],
      ['A spread is the gap between bid and ask.'],
      ['What should I buy?'],
      ['Buy the scam coin now.'],
    ]);
    const answers = (await savedChats(visitor.owner)).items.filter((item) => item.role === 'assistant');
    expect(answers.map(({ status, content, error }) => ({ status, content, error }))).toEqual([
      { status: 'done', content: 'A spread is the gap between bid and ask.', error: null },
      { status: 'error', content: '', error: withdrawn },
    ]);
    expect(await counted(answersToo, 'moderation_refusals_total', 'stage="answer",by="endpoint"')).toBe(1);
  });
});
