import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apps } from '../src/db/schema/index.js';
import { createAgent, post, readStream, savedChats, userCaller, visitorCaller, type Caller } from './chat-stream-helpers.js';
import { buildTestApp, testDatabase } from './helper.js';

const app = await buildTestApp({ OFFLINE_STREAM_DELAY_MS: '0', VISITOR_DAILY_MESSAGES: '3' });
const db = (await testDatabase()).handle.db;
const completions = '/core/chat/completions';
const unknownId = '00000000-0000-4000-8000-000000000000';

/** Asks once and returns the chat it created. */
async function chatOf(caller: Caller) {
  return readStream((await post(app, caller, completions, { content: 'hello' })).body).start?.chatId as string;
}

async function expectNothingSaved(caller: Caller) {
  expect(await savedChats(caller.owner)).toEqual({ chats: [], items: [] });
}

describe('questions refused before any stream starts', () => {
  it.each([
    ['empty content', { content: '   ' }, 'content: Please type a question'],
    ['content over 8000 characters', { content: 'x'.repeat(8001) }, 'content: A question can be at most 8000 characters'],
    ['content that is not text', { content: 42 }, 'content: content must be a string'],
    ['a malformed chat id', { content: 'hi', chatId: 'chat-1' }, 'chatId: must be a valid id'],
    ['a malformed app id', { content: 'hi', appId: '123' }, 'appId: must be a valid id'],
    ['a temperature out of range', { content: 'hi', params: { temperature: 3 } }, 'params.temperature: temperature must be between 0 and 2'],
  ])('refuses %s with 400 and the field named, saving nothing', async (_label, payload, msg) => {
    const visitor = await visitorCaller(app);
    const response = await post(app, visitor, completions, payload);

    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toMatchObject({ code: 400, msg });
    await expectNothingSaved(visitor);
  });

  it('answers 10001 for a chat that does not exist', async () => {
    const visitor = await visitorCaller(app);
    const response = await post(app, visitor, completions, { content: 'hi', chatId: unknownId });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 10001, msg: 'This chat does not exist.', data: null });
  });

  it("answers 10001 for someone else's chat, and leaves that chat untouched", async () => {
    const owner = await visitorCaller(app);
    const chatId = await chatOf(owner);
    const before = await savedChats(owner.owner);

    for (const other of [await visitorCaller(app), await userCaller()]) {
      const response = await post(app, other, completions, { content: 'mine now?', chatId });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe(10001);
      const regenerate = await post(app, other, '/core/chat/regenerate', { chatId });
      expect(regenerate.json().code).toBe(10001);
      await expectNothingSaved(other);
    }
    expect(await savedChats(owner.owner)).toEqual(before);
  });

  it('answers 10001 for an unknown app, and for a private agent of someone else', async () => {
    const visitor = await visitorCaller(app);
    const stranger = await userCaller();
    const privateAgent = await createAgent(stranger.owner.userId as string, { visibility: 'private' });

    for (const appId of [unknownId, privateAgent.id]) {
      const response = await post(app, visitor, completions, { content: 'hi', appId });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 10001, msg: 'This app does not exist.', data: null });
    }
    await expectNothingSaved(visitor);
    // its owner may use it
    expect((await post(app, stranger, completions, { content: 'hi', appId: privateAgent.id })).statusCode).toBe(200);
  });

  it('answers 10001 when the chat belongs to another app than the one named', async () => {
    const visitor = await visitorCaller(app);
    const agent = await createAgent((await userCaller()).owner.userId as string);
    const chatId = await chatOf(visitor);
    const response = await post(app, visitor, completions, { content: 'hi', chatId, appId: agent.id });
    expect(response.json().code).toBe(10001);
  });

  it.each([
    ['deleted', { deletedAt: new Date() }, 'This agent is no longer available.'],
    ['hidden by an operator', { hiddenAt: new Date(), hiddenReason: 'spam' }, 'An operator hid this agent, so it takes no new questions.'],
  ])('answers 410 / 10006 for an agent that was %s, saying why', async (_label, change, message) => {
    const user = await userCaller();
    const visitor = await visitorCaller(app);
    const agent = await createAgent(user.owner.userId as string, change);

    const response = await post(app, visitor, completions, { content: 'hi', appId: agent.id });
    expect(response.statusCode).toBe(410);
    expect(response.json()).toEqual({ code: 10006, msg: message, data: null });
    await expectNothingSaved(visitor);
  });

  it('refuses a question in a chat whose agent was deleted afterwards', async () => {
    const user = await userCaller();
    const agent = await createAgent(user.owner.userId as string);
    const chatId = readStream((await post(app, user, completions, { content: 'hi', appId: agent.id })).body).start?.chatId;
    await db.update(apps).set({ deletedAt: new Date() }).where(eq(apps.id, agent.id));

    const response = await post(app, user, completions, { content: 'still there?', chatId });
    expect(response.json().code).toBe(10006);
    expect((await post(app, user, '/core/chat/regenerate', { chatId })).json().code).toBe(10006);
  });
});

describe('the visitor daily quota', () => {
  it("refuses a visitor's question beyond VISITOR_DAILY_MESSAGES with 429 / 10005, saving nothing", async () => {
    const visitor = await visitorCaller(app);
    const chatId = await chatOf(visitor);
    for (const content of ['second', 'third']) {
      expect((await post(app, visitor, completions, { chatId, content })).statusCode).toBe(200);
    }
    const before = await savedChats(visitor.owner);

    for (const [path, payload] of [
      [completions, { chatId, content: 'fourth' }],
      [completions, { content: 'in a new chat' }],
      ['/core/chat/regenerate', { chatId }],
    ] as const) {
      const response = await post(app, visitor, path, payload);
      expect(response.statusCode).toBe(429);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toEqual({
        code: 10005,
        msg: "You have used today's free messages. Log in to keep chatting.",
        data: null,
      });
    }
    expect(await savedChats(visitor.owner)).toEqual(before);
  });

  it('does not limit signed-in users by day', async () => {
    const user = await userCaller();
    for (let index = 0; index < 4; index++) {
      expect((await post(app, user, completions, { content: `question ${index}` })).statusCode).toBe(200);
    }
  });
});

describe('the chat rate limit', () => {
  it('refuses more than CHAT_RATE_LIMIT questions a minute per user or visitor, not per IP', async () => {
    const limited = await buildTestApp({ OFFLINE_STREAM_DELAY_MS: '0', CHAT_RATE_LIMIT: '2' });
    const first = await visitorCaller(limited);
    const second = await visitorCaller(limited);
    const ask = (caller: Caller) => post(limited, caller, completions, { content: 'hi' });

    expect((await ask(first)).statusCode).toBe(200);
    expect((await ask(first)).statusCode).toBe(200);
    const refused = await ask(first);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 10004, msg: 'Too many requests, please slow down and try again shortly.', data: null });
    // same IP, another visitor
    expect((await ask(second)).statusCode).toBe(200);
  });
});
