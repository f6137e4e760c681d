import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appRepo } from '../src/db/repos/app-repo.js';
import { chatRepo, type FinalAnswer } from '../src/db/repos/chat-repo.js';
import { chatItems, usageLedger } from '../src/db/schema/index.js';
import { visitorCaller } from './chat-stream-helpers.js';
import { buildTestApp, testDatabase } from './helper.js';

const app = await buildTestApp();
const db = (await testDatabase()).handle.db;

async function newTurn() {
  const { owner } = await visitorCaller(app);
  const official = await appRepo(db).findOfficial();
  const chats = chatRepo(db, owner);
  const turn = await chats.startChat({
    chatId: randomUUID(),
    appId: official?.row.id as string,
    title: 'Hi',
    question: 'Hi',
    model: 'turn-model',
    staleAfterMs: 15_000,
  });
  return { owner, chats, turn };
}

const final: FinalAnswer & { model: string; writtenBy: string | null } = {
  status: 'done',
  content: 'Hello',
  error: null,
  errorKind: null,
  citations: [],
  model: 'turn-model',
  writtenBy: 'turn-model',
  promptTokens: 7,
  completionTokens: 3,
  reasoning: null,
  reasoningMs: null,
  reasoningTokens: null,
  cutShort: false,
  firstTokenMs: 420,
};

describe('saving a turn', () => {
  it('writes the question before its answer placeholder', async () => {
    const { turn } = await newTurn();

    expect(turn.question).toMatchObject({ role: 'user', content: 'Hi' });
    expect(turn.answer).toMatchObject({ role: 'assistant', status: 'streaming', content: '' });
    expect(turn.question.seq).toBeLessThan(turn.answer.seq);
  });

  it('saves a new chat with its turn, and writes progress and the final answer for the chat owner only', async () => {
    const { owner, chats, turn } = await newTurn();
    expect(turn.chat).toMatchObject({ title: 'Hi', userId: null, visitorId: owner.visitorId, deletedAt: null });
    expect(turn.question.chatId).toBe(turn.chat.id);

    const someoneElse = chatRepo(db, (await visitorCaller(app)).owner);
    await someoneElse.saveProgress(turn.answer.id, 'not theirs');
    expect(await someoneElse.finishAnswer(turn.answer.id, final)).toBe(false);
    const read = async () => (await db.select().from(chatItems).where(eq(chatItems.id, turn.answer.id)))[0];
    expect(await read()).toMatchObject({ status: 'streaming', content: '' });

    await chats.saveProgress(turn.answer.id, 'Hel');
    expect(await read()).toMatchObject({ status: 'streaming', content: 'Hel' });
    const citations = [{ chunkId: 'c1', fileId: null, fileName: 'Guide', heading: null, page: 2, excerpt: 'Hello there', score: 0.8 }];
    expect(await chats.finishAnswer(turn.answer.id, { ...final, citations })).toBe(true);
    expect(await read()).toMatchObject({ status: 'done', content: 'Hello', citations });
  });

  it('finishes an answer once, and counts the tokens of every finish in the usage ledger', async () => {
    const { owner, chats, turn } = await newTurn();

    expect(await chats.finishAnswer(turn.answer.id, final)).toBe(true);
    expect(await chats.finishAnswer(turn.answer.id, { ...final, content: 'changed' })).toBe(false);

    const [answer] = await db.select().from(chatItems).where(eq(chatItems.id, turn.answer.id));
    expect(answer).toMatchObject({ status: 'done', content: 'Hello', promptTokens: 7, completionTokens: 3 });
    const [spent] = await db
      .select()
      .from(usageLedger)
      .where(and(eq(usageLedger.visitorId, owner.visitorId as string), eq(usageLedger.model, 'turn-model')));
    expect(spent).toMatchObject({ promptTokens: 14, completionTokens: 6, messages: 1 });
  });
});
