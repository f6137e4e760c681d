import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { apps, chatItems, chats } from '../src/db/schema/index.js';
import { post, readStream, savedChats, visitorCaller, type Caller } from './chat-stream-helpers.js';
import { startFakeOpenAI } from './fake-openai/index.js';
import { buildTestApp, testDatabase } from './helper.js';

const fake = await startFakeOpenAI({ models: ['fake-model'] });
afterAll(() => fake.close());
const app = await buildTestApp({ LLM_BASE_URL: fake.url, LLM_MODELS: 'fake-model', VISITOR_DAILY_MESSAGES: '3' });
const db = (await testDatabase()).handle.db;

beforeEach(() => fake.reset());

async function ask(caller: Caller, content: string, answer: string, chatId?: string) {
  fake.setScenario({ kind: 'ok', text: answer });
  return readStream((await post(app, caller, '/core/chat/completions', { chatId, content })).body);
}

function regenerate(caller: Caller, chatId: string | undefined, payload: object = {}) {
  return post(app, caller, '/core/chat/regenerate', { chatId, ...payload });
}

const turns = async (caller: Caller) =>
  (await savedChats(caller.owner)).items.map((item) => [item.role, item.content, item.status]);

describe('POST /core/chat/regenerate', () => {
  it('answers the last question again and replaces its answer', async () => {
    const visitor = await visitorCaller(app);
    const first = await ask(visitor, 'Question one', 'Answer one.');
    const second = await ask(visitor, 'Question two', 'Answer two.', first.start?.chatId);

    fake.setScenario({ kind: 'ok', text: 'Better answer two.' });
    const again = readStream((await regenerate(visitor, first.start?.chatId)).body);

    expect(again.start).toMatchObject({ chatId: first.start?.chatId, title: 'Question one', questionId: second.start?.questionId });
    expect(again.start?.answerId).not.toBe(second.start?.answerId);
    expect(again.text).toBe('Better answer two.');
    expect(await turns(visitor)).toEqual([
      ['user', 'Question one', 'done'],
      ['assistant', 'Answer one.', 'done'],
      ['user', 'Question two', 'done'],
      ['assistant', 'Better answer two.', 'done'],
    ]);
    // the question is not sent twice: earlier turns, then the question once
    expect(fake.requests.at(-1)?.body.messages?.slice(1)).toEqual([
      { role: 'user', content: 'Question one' },
      { role: 'assistant', content: 'Answer one.' },
      { role: 'user', content: 'Question two' },
    ]);
  });

  it('retries a question whose answer failed', async () => {
    const visitor = await visitorCaller(app);
    fake.setScenario({ kind: 'httpError', status: 503 });
    const failed = readStream((await post(app, visitor, '/core/chat/completions', { content: 'Try me' })).body);
    expect(failed.error?.kind).toBe('overloaded');

    fake.setScenario({ kind: 'ok', text: 'Now it works.' });
    const retried = readStream((await regenerate(visitor, failed.start?.chatId)).body);

    expect(retried.done?.status).toBe('done');
    expect(await turns(visitor)).toEqual([
      ['user', 'Try me', 'done'],
      ['assistant', 'Now it works.', 'done'],
    ]);
  });

  it('answers a question that was left without any answer', async () => {
    const visitor = await visitorCaller(app);
    const asked = await ask(visitor, 'Lonely question', 'Gone soon.');
    await db.delete(chatItems).where(eq(chatItems.id, asked.start?.answerId as string));

    fake.setScenario({ kind: 'ok', text: 'Here you are.' });
    const answered = readStream((await regenerate(visitor, asked.start?.chatId)).body);

    expect(answered.text).toBe('Here you are.');
    expect(await turns(visitor)).toEqual([
      ['user', 'Lonely question', 'done'],
      ['assistant', 'Here you are.', 'done'],
    ]);
  });

  it('answers 10001 for a chat without questions, an unknown chat, and a malformed id', async () => {
    const visitor = await visitorCaller(app);
    const [official] = await db.select().from(apps).where(eq(apps.isOfficial, true));
    const [empty] = await db.insert(chats).values({ appId: official?.id as string, visitorId: visitor.owner.visitorId, title: 'Empty' }).returning();

    const noQuestion = await regenerate(visitor, empty?.id);
    expect(noQuestion.statusCode).toBe(404);
    expect(noQuestion.json()).toEqual({ code: 10001, msg: 'This chat has no question to answer.', data: null });
    expect((await regenerate(visitor, '00000000-0000-4000-8000-000000000000')).json().code).toBe(10001);
    const malformed = await regenerate(visitor, 'nope');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().msg).toBe('chatId: must be a valid id');
    expect(await turns(visitor)).toEqual([]);
  });

  it("counts towards a visitor's daily messages", async () => {
    const visitor = await visitorCaller(app);
    const asked = await ask(visitor, 'Once', 'One.');
    fake.setScenario({ kind: 'ok', text: 'Two.' });
    expect((await regenerate(visitor, asked.start?.chatId)).statusCode).toBe(200);
    expect((await regenerate(visitor, asked.start?.chatId)).statusCode).toBe(200);

    const refused = await regenerate(visitor, asked.start?.chatId);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe(10005);
    expect((await turns(visitor)).at(-1)).toEqual(['assistant', 'Two.', 'done']);
  });
});
