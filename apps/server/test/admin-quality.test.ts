import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminQualityPaths, chatPaths, reportPaths } from '@parley/contracts';
import { auditLog, chatItems, knowledgeChunks } from '../src/db/schema/index.js';
import { createAgent, post, readStream, userCaller, visitorCaller, type Caller } from './chat-stream-helpers.js';
import { call, officialApp } from './fixtures/chats.js';
import { signedInOperator } from './fixtures/operators.js';
import { startFakeOpenAI } from './fake-openai/index.js';
import { buildTestApp, testDatabase } from './helper.js';

const fake = await startFakeOpenAI({ apiKey: 'test-key', models: ['fake-model'] });
afterAll(() => fake.close());
const app = await buildTestApp({ LLM_BASE_URL: fake.url, LLM_API_KEY: 'test-key', LLM_MODELS: 'fake-model', VISITOR_TOKEN_RATE_LIMIT: '1000' });
const db = (await testDatabase()).handle.db;
const operator = await signedInOperator(db, 'quality-ops');
const owner = await userCaller();

beforeEach(() => {
  fake.reset();
  fake.setScenario({ kind: 'echo', format: 'transcript' });
});

async function ask(caller: Caller, appId: string, content: string) {
  return readStream((await post(app, caller, chatPaths.completions, { appId, content })).body);
}

function console(method: 'GET' | 'POST', path: string, input: Record<string, unknown> = {}) {
  return call(app, { ...operator, prefix: '/api' }, method, path, input);
}

async function auditOf(action: string) {
  return db.select().from(auditLog).where(eq(auditLog.action, action));
}

describe('unanswered questions', () => {
  it("lists an agent's question its knowledge did not cover, opens its conversation, and answers it into the knowledge so the agent answers it next time", async () => {
    const agent = await createAgent(owner.owner.userId as string, { name: 'Deposit helper', knowledgeMode: 'strict' });
    const asker = await visitorCaller(app);
    const first = await ask(asker, agent.id, 'What is the minimum deposit at Parley Markets?');
    expect(first.text).toMatch(/no reliable source/);

    const listed = (await console('GET', adminQualityPaths.unanswered, { appId: agent.id })).json().data;
    expect(listed.list).toHaveLength(1);
    const entry = listed.list[0];
    expect(entry).toMatchObject({ question: 'What is the minimum deposit at Parley Markets?', askCount: 1, agent: { id: agent.id, name: 'Deposit helper', isOfficial: false, hidden: false } });

    const conversation = (await console('GET', adminQualityPaths.conversation, { chatItemId: entry.chatItemId })).json().data;
    expect(conversation.focusItemId).toBe(entry.chatItemId);
    expect(conversation.askerName).toBeNull();
    expect(conversation.items.map((item: { role: string; content: string }) => [item.role, item.content.slice(0, 30)])).toEqual([
      ['user', 'What is the minimum deposit at'],
      ['assistant', first.text.slice(0, 30)],
    ]);

    const answered = await console('POST', adminQualityPaths.answerUnanswered, { id: entry.id, answer: 'The minimum deposit is 100 USD.' });
    expect(answered.statusCode).toBe(200);
    const [chunk] = await db.select().from(knowledgeChunks).where(eq(knowledgeChunks.id, answered.json().data.chunkId));
    expect(chunk).toMatchObject({ appId: agent.id, kind: 'qa', question: 'What is the minimum deposit at Parley Markets?', content: 'The minimum deposit is 100 USD.', builtIn: false });
    expect((await console('GET', adminQualityPaths.unanswered, { appId: agent.id })).json().data.list).toEqual([]);

    const again = await ask(asker, agent.id, 'What is the minimum deposit at Parley Markets?');
    expect(again.citations.map((citation) => citation.excerpt)).toEqual([expect.stringContaining('100 USD')]);
    expect(again.text).toContain('The minimum deposit is 100 USD.');

    const [logged] = (await auditOf('knowledge.answer')).filter((row) => row.targetId === agent.id);
    expect(logged).toMatchObject({ actorId: operator.userId, actorName: 'quality-ops', targetType: 'agent', targetLabel: 'Deposit helper', before: null });
    expect(logged?.after).toEqual({ question: 'What is the minimum deposit at Parley Markets?', answer: 'The minimum deposit is 100 USD.' });
  });

  it("lists the official assistant's questions too, and dismisses one without an answer", async () => {
    const official = await officialApp(app, db);
    await ask(await visitorCaller(app), official.id, 'Which football team won the 1998 World Cup?');
    const entry = (await console('GET', adminQualityPaths.unanswered, { appId: official.id })).json().data.list[0];
    expect(entry).toMatchObject({ question: 'Which football team won the 1998 World Cup?', agent: { isOfficial: true } });

    expect((await console('POST', adminQualityPaths.dismissUnanswered, { id: entry.id })).statusCode).toBe(200);
    expect((await console('GET', adminQualityPaths.unanswered, { appId: official.id })).json().data.list).toEqual([]);
    const again = await console('POST', adminQualityPaths.dismissUnanswered, { id: entry.id });
    expect([again.statusCode, again.json().code]).toEqual([404, 10001]);
    expect((await auditOf('unanswered.dismiss')).map((row) => row.before)).toContainEqual({ question: 'Which football team won the 1998 World Cup?' });
  });

  it('refuses an empty or overlong answer and a malformed id, naming the field, and keeps the question open', async () => {
    const agent = await createAgent(owner.owner.userId as string, { knowledgeMode: 'strict' });
    await ask(await visitorCaller(app), agent.id, 'How long does a withdrawal to a bank card take?');
    const entry = (await console('GET', adminQualityPaths.unanswered, { appId: agent.id })).json().data.list[0];
    for (const [body, field] of [
      [{ id: entry.id, answer: '   ' }, 'answer'],
      [{ id: entry.id, answer: 'x'.repeat(8001) }, 'answer'],
      [{ id: 'not-an-id', answer: 'Two days.' }, 'id'],
    ] as const) {
      const response = await console('POST', adminQualityPaths.answerUnanswered, body);
      expect([response.statusCode, response.json().code]).toEqual([400, 400]);
      expect(JSON.stringify(response.json())).toContain(field);
    }
    expect((await console('GET', adminQualityPaths.unanswered, { appId: agent.id })).json().data.list).toHaveLength(1);
  });
});

describe('thumbs-down answers', () => {
  it('lists a thumbs-down answer with its question and notes until it is set aside', async () => {
    const agent = await createAgent(owner.owner.userId as string, { name: 'Rated agent' });
    const rater = await userCaller();
    const answer = await ask(rater, agent.id, 'Tell me about spreads');
    const chatId = answer.start!.chatId;
    const rated = await post(app, rater, chatPaths.updateUserFeedback, {
      appId: agent.id,
      chatId,
      chatItemId: answer.done!.answerId,
      userBadFeedback: true,
      customFeedbacks: ['It ignored my question'],
    });
    expect(rated.statusCode).toBe(200);

    const list = (await console('GET', adminQualityPaths.feedback, { appId: agent.id })).json().data.list;
    expect(list).toEqual([
      expect.objectContaining({ chatItemId: answer.done!.answerId, question: 'Tell me about spreads', notes: ['It ignored my question'], model: 'fake-model', agent: expect.objectContaining({ name: 'Rated agent' }) }),
    ]);

    expect((await console('POST', adminQualityPaths.dismissFeedback, { chatItemId: answer.done!.answerId })).statusCode).toBe(200);
    expect((await console('GET', adminQualityPaths.feedback, { appId: agent.id })).json().data.list).toEqual([]);
    const twice = await console('POST', adminQualityPaths.dismissFeedback, { chatItemId: answer.done!.answerId });
    expect([twice.statusCode, twice.json().code]).toEqual([404, 10001]);
    expect((await auditOf('feedback.dismiss')).map((row) => row.targetId)).toContain(answer.done!.answerId);
  });
});

describe('reported answers', () => {
  it('takes a report of an answer from the chat it is in, lists it with its reason and reporter, and closes it', async () => {
    const agent = await createAgent(owner.owner.userId as string, { name: 'Reported agent' });
    const reporter = await userCaller();
    const answer = await ask(reporter, agent.id, 'Which broker guarantees profits?');
    const target = { appId: agent.id, chatId: answer.start!.chatId, chatItemId: answer.done!.answerId };

    const filed = await post(app, reporter, reportPaths.reportAnswer, { ...target, reason: 'harmful', note: 'Promises returns' });
    expect(filed.statusCode).toBe(200);
    // reporting again replaces the report: one entry, with the newer reason
    const refiled = await post(app, reporter, reportPaths.reportAnswer, { ...target, reason: 'wrong' });
    expect(refiled.json().data.id).toBe(filed.json().data.id);

    const list = (await console('GET', adminQualityPaths.reports, { appId: agent.id })).json().data.list;
    expect(list).toEqual([expect.objectContaining({ id: filed.json().data.id, reason: 'wrong', note: '', question: 'Which broker guarantees profits?', chatItemId: answer.done!.answerId })]);
    expect(list[0].reporterName).toMatch(/^user-/);

    expect((await console('POST', adminQualityPaths.dismissReport, { id: filed.json().data.id })).statusCode).toBe(200);
    expect((await console('GET', adminQualityPaths.reports, { appId: agent.id })).json().data.list).toEqual([]);
    const [logged] = (await auditOf('report.dismiss')).filter((row) => row.targetId === filed.json().data.id);
    expect(logged).toMatchObject({ targetType: 'report', targetLabel: 'Reported agent', before: { reason: 'wrong', open: true }, after: { open: false } });
  });

  it("lets a visitor report too, but only an answer, only in their own chat, for a reason it knows", async () => {
    const agent = await createAgent(owner.owner.userId as string);
    const reader = await visitorCaller(app);
    const answer = await ask(reader, agent.id, 'Hello there');
    const target = { appId: agent.id, chatId: answer.start!.chatId, chatItemId: answer.done!.answerId };
    expect((await post(app, reader, reportPaths.reportAnswer, { ...target, reason: 'spam' })).statusCode).toBe(200);

    const [question] = await db.select().from(chatItems).where(eq(chatItems.chatId, answer.start!.chatId)).orderBy(chatItems.seq);
    const cases: [Caller, Record<string, unknown>, number, string][] = [
      [reader, { ...target, chatItemId: question!.id, reason: 'spam' }, 400, 'Only an answer can be reported'],
      [await visitorCaller(app), { ...target, reason: 'spam' }, 404, 'does not exist'],
      [reader, { ...target, reason: 'boring' }, 400, 'reason'],
      [reader, { ...target, reason: 'other', note: 'x'.repeat(501) }, 400, 'note'],
      [reader, { ...target, chatItemId: 'nope', reason: 'other' }, 400, 'chatItemId'],
    ];
    for (const [caller, body, status, says] of cases) {
      const response = await post(app, caller, reportPaths.reportAnswer, body);
      expect({ body, status: response.statusCode }).toEqual({ body, status });
      expect(JSON.stringify(response.json())).toContain(says);
    }
  });
});

describe('paging the queue', () => {
  it('pages newest first with a cursor and refuses a made-up one', async () => {
    const agent = await createAgent(owner.owner.userId as string, { knowledgeMode: 'strict' });
    const asker = await visitorCaller(app);
    for (const question of ['What is the leverage for gold?', 'What is the swap fee for oil?', 'What is the margin call level?']) {
      await ask(asker, agent.id, question);
    }
    const first = (await console('GET', adminQualityPaths.unanswered, { appId: agent.id, limit: 2 })).json().data;
    expect(first.list.map((entry: { question: string }) => entry.question)).toEqual(['What is the margin call level?', 'What is the swap fee for oil?']);
    const second = (await console('GET', adminQualityPaths.unanswered, { appId: agent.id, limit: 2, cursor: first.nextCursor })).json().data;
    expect(second.list.map((entry: { question: string }) => entry.question)).toEqual(['What is the leverage for gold?']);
    expect(second.nextCursor).toBeNull();
    const bad = await console('GET', adminQualityPaths.unanswered, { cursor: 'made-up' });
    expect([bad.statusCode, JSON.stringify(bad.json()).includes('cursor')]).toEqual([400, true]);
  });
});
