import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatLimits, chatPaths } from '@parley/contracts';
import { apps, chatItems } from '../src/db/schema/index.js';
import { agent, call, chatWithTurns, signedInUser, visitor, type Caller } from './fixtures/chats.js';
import { buildTestApp, testDatabase } from './helper.js';

const app = await buildTestApp({ VISITOR_TOKEN_RATE_LIMIT: '1000' });
const db = (await testDatabase()).handle.db;

/** A caller with one answered question in a chat with a fresh agent. */
async function answered(caller?: Caller) {
  const me = caller ?? (await visitor(app));
  const agentApp = await agent(db);
  const { chat, items } = await chatWithTurns(db, me.owner, { appId: agentApp.id });
  const target = { appId: agentApp.id, chatId: chat.id, chatItemId: items[1]!.id };
  return { me, agentApp, chat, question: items[0]!, answer: items[1]!, target };
}

const feedback = (caller: Caller, body: Record<string, unknown>) => call(app, caller, 'POST', chatPaths.updateUserFeedback, body);
const counters = async (appId: string) => {
  const [row] = await db.select({ good: apps.goodCount, bad: apps.badCount, updatedAt: apps.updatedAt }).from(apps).where(eq(apps.id, appId));
  return row!;
};
const itemRow = async (id: string) => (await db.select().from(chatItems).where(eq(chatItems.id, id)))[0]!;

describe('POST /core/chat/feedback/updateUserFeedback', () => {
  it("rates an answer good, counts it on the agent and stamps the feedback time", async () => {
    const { me, agentApp, answer, target } = await answered(await signedInUser(db));

    const response = await feedback(me, { ...target, userGoodFeedback: true });

    expect(response.json()).toEqual({
      code: 0,
      msg: 'success',
      data: { chatItemId: answer.id, userGoodFeedback: true, userBadFeedback: false, customFeedbacks: [] },
    });
    expect(await counters(agentApp.id)).toEqual({ good: 1, bad: 0, updatedAt: agentApp.updatedAt });
    expect((await itemRow(answer.id)).feedbackAt).toBeInstanceOf(Date);
  });

  it('keeps good and bad exclusive and the counters in step with every change', async () => {
    const { me, agentApp, target } = await answered();
    const steps: [Record<string, boolean>, { good: boolean; bad: boolean }, { good: number; bad: number }][] = [
      [{ userGoodFeedback: true }, { good: true, bad: false }, { good: 1, bad: 0 }],
      [{ userGoodFeedback: true }, { good: true, bad: false }, { good: 1, bad: 0 }],
      [{ userBadFeedback: true }, { good: false, bad: true }, { good: 0, bad: 1 }],
      [{ userGoodFeedback: false }, { good: false, bad: true }, { good: 0, bad: 1 }],
      [{ userBadFeedback: false }, { good: false, bad: false }, { good: 0, bad: 0 }],
      [{ userGoodFeedback: true, userBadFeedback: false }, { good: true, bad: false }, { good: 1, bad: 0 }],
      [{ userGoodFeedback: false, userBadFeedback: false }, { good: false, bad: false }, { good: 0, bad: 0 }],
    ];
    for (const [change, state, counted] of steps) {
      const { data } = (await feedback(me, { ...target, ...change })).json();
      expect({ good: data.userGoodFeedback, bad: data.userBadFeedback }).toEqual(state);
      expect(await counters(agentApp.id)).toMatchObject(counted);
    }
  });

  it('replaces the notes when they are sent and keeps them when they are not', async () => {
    const { me, answer, target } = await answered();

    await feedback(me, { ...target, customFeedbacks: ['too long', '  wrong date '] });
    expect((await itemRow(answer.id)).customFeedbacks).toEqual(['too long', 'wrong date']);

    const { data } = (await feedback(me, { ...target, userBadFeedback: true })).json();
    expect(data).toMatchObject({ userBadFeedback: true, customFeedbacks: ['too long', 'wrong date'] });

    await feedback(me, { ...target, customFeedbacks: [] });
    expect((await itemRow(answer.id)).customFeedbacks).toEqual([]);
  });

  it('counts feedback from different people on the same agent', async () => {
    const { agentApp } = await answered();
    for (let n = 0; n < 3; n += 1) {
      const me = await visitor(app);
      const { items } = await chatWithTurns(db, me.owner, { appId: agentApp.id });
      await feedback(me, { appId: agentApp.id, chatId: items[1]!.chatId, chatItemId: items[1]!.id, userBadFeedback: true });
    }
    expect(await counters(agentApp.id)).toMatchObject({ good: 0, bad: 3 });
  });

  it("takes a deleted or cleared answer's thumbs off the agent's counters", async () => {
    const { me, agentApp, chat, answer, target } = await answered();
    const { items } = await chatWithTurns(db, me.owner, { appId: agentApp.id }, 2);
    await feedback(me, { ...target, userGoodFeedback: true });
    for (const item of [items[1]!, items[3]!]) {
      await feedback(me, { appId: agentApp.id, chatId: item.chatId, chatItemId: item.id, userBadFeedback: true });
    }
    expect(await counters(agentApp.id)).toMatchObject({ good: 1, bad: 2 });

    await call(app, me, 'POST', chatPaths.deleteItem, { chatId: chat.id, itemId: answer.id });
    expect(await counters(agentApp.id)).toMatchObject({ good: 0, bad: 2 });
    await call(app, me, 'GET', chatPaths.clearHistories, { id: items[0]!.chatId });
    expect(await counters(agentApp.id)).toEqual({ good: 0, bad: 0, updatedAt: agentApp.updatedAt });
  });

  it('refuses feedback on a question, saying why, and changes nothing', async () => {
    const { me, agentApp, question, target } = await answered();

    const response = await feedback(me, { ...target, chatItemId: question.id, userGoodFeedback: true });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 400, msg: 'Feedback can only be given on an answer, not on a question.', data: null });
    expect((await itemRow(question.id)).userGoodFeedback).toBe(false);
    expect(await counters(agentApp.id)).toMatchObject({ good: 0, bad: 0 });
  });

  const { customFeedbackMaxChars, customFeedbacksMax } = chatLimits;
  it.each([
    [{ userGoodFeedback: true, userBadFeedback: true }, 'body: An answer cannot be both good and bad'],
    [{ customFeedbacks: ['  '] }, 'customFeedbacks.0: A note cannot be empty'],
    [{ customFeedbacks: ['x'.repeat(customFeedbackMaxChars + 1)] }, `customFeedbacks.0: A note can be at most ${customFeedbackMaxChars} characters`],
    [{ customFeedbacks: Array(customFeedbacksMax + 1).fill('note') }, `customFeedbacks: At most ${customFeedbacksMax} notes`],
    [{ chatItemId: 'abc' }, 'chatItemId: must be a valid id'],
  ])('refuses %o and changes nothing', async (change, msg) => {
    const { me, agentApp, answer, target } = await answered();

    const response = await feedback(me, { ...target, ...change });

    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe(msg);
    expect(await itemRow(answer.id)).toMatchObject({ userGoodFeedback: false, userBadFeedback: false, customFeedbacks: [], feedbackAt: null });
    expect(await counters(agentApp.id)).toMatchObject({ good: 0, bad: 0 });
  });

  it("answers NOT_FOUND for someone else's answer, the wrong app or chat, or a deleted chat", async () => {
    const { me, agentApp, chat, answer, target } = await answered();
    const stranger = await visitor(app);
    const { chat: otherChat } = await chatWithTurns(db, me.owner, { appId: agentApp.id });

    const attempts: [Caller, Record<string, unknown>][] = [
      [stranger, target],
      [me, { ...target, appId: (await agent(db)).id }],
      [me, { ...target, chatId: otherChat.id }],
      [me, { ...target, chatItemId: randomUUID() }],
    ];
    for (const [caller, body] of attempts) {
      const response = await feedback(caller, { ...body, userGoodFeedback: true });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe(10001);
    }

    await call(app, me, 'GET', chatPaths.delHistory, { appId: agentApp.id, chatId: chat.id });
    expect((await feedback(me, { ...target, userGoodFeedback: true })).statusCode).toBe(404);
    expect((await itemRow(answer.id)).userGoodFeedback).toBe(false);
    expect(await counters(agentApp.id)).toMatchObject({ good: 0, bad: 0 });
  });
});
