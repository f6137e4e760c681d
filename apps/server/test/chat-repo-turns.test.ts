import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appRepo } from '../src/db/repos/app-repo.js';
import { chatRepo, type FinalAnswer, type SavedTurn } from '../src/db/repos/chat-repo.js';
import { historyRepo } from '../src/db/repos/history-repo.js';
import type { Owner } from '../src/db/repos/owner-scope.js';
import { answerParts, chatItems, usageLedger } from '../src/db/schema/index.js';
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

/** The answer's pieces saved while it streams, in order. */
const piecesOf = async (answerId: string) =>
  (await db.select().from(answerParts).where(eq(answerParts.answerId, answerId)).orderBy(answerParts.startsAt)).map(({ startsAt, text }) => ({ startsAt, text }));
/** The answer's text as its chat shows it to the owner (a reload mid-answer reads this). */
async function shown(owner: Owner, turn: SavedTurn) {
  const page = await historyRepo(db).pageItems(owner, turn.chat.id, { limit: 10 });
  return page?.items.find((item) => item.id === turn.answer.id)?.content;
}

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
    await someoneElse.saveProgress(turn.answer.id, { startsAt: 0, text: 'not theirs' });
    expect(await someoneElse.finishAnswer(turn.answer.id, final)).toBe(false);
    const read = async () => (await db.select().from(chatItems).where(eq(chatItems.id, turn.answer.id)))[0];
    expect(await read()).toMatchObject({ status: 'streaming', content: '' });
    expect(await piecesOf(turn.answer.id)).toEqual([]);

    await chats.saveProgress(turn.answer.id, { startsAt: 0, text: 'Hel' });
    expect(await shown(owner, turn)).toBe('Hel');
    const citations = [{ chunkId: 'c1', fileId: null, fileName: 'Guide', heading: null, page: 2, excerpt: 'Hello there', score: 0.8 }];
    expect(await chats.finishAnswer(turn.answer.id, { ...final, citations })).toBe(true);
    expect(await read()).toMatchObject({ status: 'done', content: 'Hello', citations });
    expect(await piecesOf(turn.answer.id)).toEqual([]);
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

  it('saves progress as pieces: each save writes only what came since the last one, however long the answer is', async () => {
    const { owner, chats, turn } = await newTurn();
    const sentence = 'The licence number is on the regulator’s register. ';
    let text = '';
    for (let save = 0; save < 20; save++) {
      const piece = { startsAt: text.length, text: sentence };
      await chats.saveProgress(turn.answer.id, piece);
      text += sentence;
    }
    // an interval in which nothing came only says the stream lives
    await chats.saveProgress(turn.answer.id, { startsAt: text.length, text: '' });

    const pieces = await piecesOf(turn.answer.id);
    expect(pieces).toHaveLength(20);
    expect(pieces.every((piece) => piece.text === sentence)).toBe(true);
    // the answer's row is not rewritten with the growing text
    const [row] = await db.select().from(chatItems).where(eq(chatItems.id, turn.answer.id));
    expect(row?.content).toBe('');
    expect(await shown(owner, turn)).toBe(text);
  });

  it('replaces a piece saved again at the same place (a retried save), and a continued answer goes on after its first part', async () => {
    const { owner, chats, turn } = await newTurn();
    await chats.saveProgress(turn.answer.id, { startsAt: 0, text: 'Hel' });
    await chats.saveProgress(turn.answer.id, { startsAt: 0, text: 'Hello, wor' });
    expect(await shown(owner, turn)).toBe('Hello, wor');
    await chats.finishAnswer(turn.answer.id, { ...final, content: 'Hello, world', cutShort: true });

    const reopened = await chats.reopenCutShort({ chatId: turn.chat.id, staleAfterMs: 15_000 });
    expect(reopened.outcome).toBe('saved');
    await chats.saveProgress(turn.answer.id, { startsAt: 'Hello, world'.length, text: ' and more' });
    expect(await shown(owner, turn)).toBe('Hello, world and more');
    expect(await piecesOf(turn.answer.id)).toEqual([{ startsAt: 12, text: ' and more' }]);
  });
});

