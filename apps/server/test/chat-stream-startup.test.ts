import { and, asc, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { interruptedMessage } from '../src/db/repos/abandoned-answers.js';
import { answerParts, apps, chatItems, chats, knowledgeChunks } from '../src/db/schema/index.js';
import { ensureOfficialAssistant, officialSuggestedQuestions } from '../src/seed/official-assistant.js';
import { officialFaq } from '../src/seed/official-faq.js';
import { post, readStream, visitorCaller } from './chat-stream-helpers.js';
import { buildTestApp, testDatabase } from './helper.js';

const db = (await testDatabase()).handle.db;
const app = await buildTestApp({ OFFLINE_STREAM_DELAY_MS: '0' });
await app.ready();

async function officialApp() {
  const [row] = await db.select().from(apps).where(eq(apps.isOfficial, true));
  if (!row) throw new Error('no official app');
  return row;
}

async function faqRows(appId: string) {
  return db
    .select()
    .from(knowledgeChunks)
    .where(and(eq(knowledgeChunks.appId, appId), isNull(knowledgeChunks.fileId)))
    .orderBy(asc(knowledgeChunks.ordinal));
}

describe('the official assistant seed', () => {
  it('creates 智能客服 with its opening message, four suggested questions and the FAQ in both languages', async () => {
    const official = await officialApp();
    expect(official).toMatchObject({ name: '智能客服', visibility: 'public', suggestedQuestions: officialSuggestedQuestions });
    expect(official.openingMessage).toMatch(/^您好/);
    expect(official.intro.length).toBeGreaterThan(20);
    expect(official.systemPrompt).toContain('智能客服');

    const rows = await faqRows(official.id);
    expect(officialFaq.length).toBeGreaterThanOrEqual(30);
    expect(rows).toHaveLength(officialFaq.length * 2);
    expect(rows[0]).toMatchObject({ kind: 'qa', question: officialFaq[0]?.zh[0], content: officialFaq[0]?.zh[1] });
    expect(rows[1]).toMatchObject({ kind: 'qa', question: officialFaq[0]?.en[0], content: officialFaq[0]?.en[1] });
    for (const row of rows) {
      expect(row.searchTitle.length).toBeGreaterThan(0);
      expect(row.searchText.length).toBeGreaterThan(0);
      expect(row.tokenCount).toBeGreaterThan(0);
    }
    for (const question of officialSuggestedQuestions) expect(rows.map((row) => row.question)).toContain(question);
  });

  it('changes nothing when it runs again, and restores FAQ rows that were edited', async () => {
    const official = await officialApp();
    const before = await faqRows(official.id);

    expect(await ensureOfficialAssistant(db)).toEqual({ appId: official.id, faqReplaced: false });
    expect((await faqRows(official.id)).map((row) => row.id)).toEqual(before.map((row) => row.id));

    await db.update(knowledgeChunks).set({ content: 'tampered' }).where(eq(knowledgeChunks.id, before[3]?.id as string));
    await db.update(apps).set({ name: 'Renamed' }).where(eq(apps.id, official.id));
    expect(await ensureOfficialAssistant(db)).toEqual({ appId: official.id, faqReplaced: true });

    const after = await faqRows(official.id);
    expect(after.map((row) => [row.question, row.content])).toEqual(before.map((row) => [row.question, row.content]));
    expect((await officialApp()).name).toBe('智能客服');
    expect(await db.$count(apps, eq(apps.isOfficial, true))).toBe(1);
  });
});

describe('answers left streaming by a process that died', () => {
  /** A chat whose answer streams (or streamed, before a crash), with the pieces of its text saved so far. */
  async function chatWithAnswer(visitorId: string, answer: { status: 'streaming'; content: string; updatedAt: Date }, pieces: string[] = []) {
    const official = await officialApp();
    const [chat] = await db.insert(chats).values({ appId: official.id, visitorId, title: 'Crash' }).returning();
    const chatId = chat?.id as string;
    await db.insert(chatItems).values({ chatId, role: 'user', content: 'Before the crash' });
    const [item] = await db.insert(chatItems).values({ chatId, role: 'assistant', ...answer }).returning();
    const answerId = item?.id as string;
    let startsAt = answer.content.length;
    for (const text of pieces) {
      await db.insert(answerParts).values({ answerId, startsAt, text });
      startsAt += text.length;
    }
    return { chatId, answerId };
  }
  const piecesOf = async (answerId: string) => db.select().from(answerParts).where(eq(answerParts.answerId, answerId));

  const itemOf = async (id: string) => (await db.select().from(chatItems).where(eq(chatItems.id, id)))[0];

  it('are marked interrupted when the server starts, keeping the text saved so far; live ones are left alone', async () => {
    const visitor = await visitorCaller(app);
    const visitorId = visitor.owner.visitorId as string;
    const stale = await chatWithAnswer(visitorId, { status: 'streaming', content: '', updatedAt: new Date(Date.now() - 3600_000) }, ['Half ', 'an ans']);
    // a continued answer: its first part in content, what the continuation added in pieces
    const continued = await chatWithAnswer(visitorId, { status: 'streaming', content: 'First part. ', updatedAt: new Date(Date.now() - 3600_000) }, ['Then more']);
    const live = await chatWithAnswer(visitorId, { status: 'streaming', content: '', updatedAt: new Date() }, ['Still going']);

    const restarted = await buildTestApp({ OFFLINE_STREAM_DELAY_MS: '0' });
    await restarted.ready();

    expect(await itemOf(stale.answerId)).toMatchObject({ status: 'error', error: interruptedMessage, content: 'Half an ans' });
    expect(await itemOf(continued.answerId)).toMatchObject({ status: 'error', content: 'First part. Then more' });
    expect(await piecesOf(stale.answerId)).toEqual([]);
    expect(await itemOf(live.answerId)).toMatchObject({ status: 'streaming', error: null, content: '' });
    expect(await piecesOf(live.answerId)).toHaveLength(1);
    // idempotent
    expect(await restarted.services.chat.recoverInterrupted()).toBe(0);
  });

  it('do not block the chat: the next question marks them and is answered', async () => {
    const visitor = await visitorCaller(app);
    const stale = await chatWithAnswer(
      visitor.owner.visitorId as string,
      { status: 'streaming', content: '', updatedAt: new Date(Date.now() - 60_000) },
      ['Cut off mid'],
    );

    const next = readStream((await post(app, visitor, '/core/chat/completions', { chatId: stale.chatId, content: 'hello' })).body);

    expect(next.done?.status).toBe('done');
    expect(await itemOf(stale.answerId)).toMatchObject({ status: 'error', error: interruptedMessage, content: 'Cut off mid' });
    expect(await piecesOf(stale.answerId)).toEqual([]);
  });

  it('refuse a new question while a recent one still streams (another instance may be writing it)', async () => {
    const visitor = await visitorCaller(app);
    const live = await chatWithAnswer(visitor.owner.visitorId as string, { status: 'streaming', content: '', updatedAt: new Date() });
    const refused = await post(app, visitor, '/core/chat/completions', { chatId: live.chatId, content: 'hello' });
    expect(refused.statusCode).toBe(409);
    expect(await db.$count(chatItems, eq(chatItems.chatId, live.chatId))).toBe(2);
  });
});
