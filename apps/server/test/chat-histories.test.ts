import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatLimits, chatPaths } from '@parley/contracts';
import { apps, chatItems, chats } from '../src/db/schema/index.js';
import { agent, call, chat, chatWithTurns, items, officialApp, signedInUser, visitor, type Caller } from './fixtures/chats.js';
import { buildTestApp, testDatabase } from './helper.js';

const app = await buildTestApp({ VISITOR_TOKEN_RATE_LIMIT: '1000' });
const db = (await testDatabase()).handle.db;
const official = await officialApp(app, db);

const day = (n: number) => new Date(Date.UTC(2026, 0, n));
const titles = (list: { title: string }[]) => list.map((entry) => entry.title);
const conversations = (caller: Caller, query: Record<string, unknown> = {}) =>
  call(app, caller, 'GET', chatPaths.conversationList, query).then((response) => response.json().data);
const agentHistories = (caller: Caller, body: Record<string, unknown> = {}) =>
  call(app, caller, 'POST', chatPaths.getHistories, body).then((response) => response.json().data);
const chatRow = async (id: string) => (await db.select().from(chats).where(eq(chats.id, id)))[0]!;
const itemCount = (chatId: string) => db.$count(chatItems, eq(chatItems.chatId, chatId));

describe('GET /conversation/list', () => {
  it('lists my official chats, pinned first, then the most recently updated, in pages', async () => {
    const me = await visitor(app);
    await chat(db, me.owner, { appId: official.id, title: 'old', updatedAt: day(1) });
    await chat(db, me.owner, { appId: official.id, title: 'pinned', top: true, updatedAt: day(2) });
    await chat(db, me.owner, { appId: official.id, title: 'newest', updatedAt: day(5) });
    await chat(db, me.owner, { appId: official.id, title: 'middle', updatedAt: day(3) });
    await chat(db, me.owner, { appId: official.id, title: 'deleted', updatedAt: day(9), deletedAt: day(9) });
    await chat(db, me.owner, { appId: (await agent(db)).id, title: 'with an agent', updatedAt: day(9) });
    await chat(db, (await visitor(app)).owner, { appId: official.id, title: 'not mine', updatedAt: day(9) });

    const first = await conversations(me, { page: 1, pageSize: 3 });
    expect(titles(first.list)).toEqual(['pinned', 'newest', 'middle']);
    expect(first).toMatchObject({ total: 4, page: 1, pageSize: 3, hasMore: true });
    expect(first.list[0]).toEqual({
      chatId: expect.any(String),
      appId: official.id,
      title: 'pinned',
      top: true,
      updateTime: day(2).toISOString(),
      appName: official.name,
      appAvatarUrl: official.avatarUrl,
      appDeleted: false,
    });

    const second = await conversations(me, { page: 2, pageSize: 3 });
    expect(titles(second.list)).toEqual(['old']);
    expect(second.hasMore).toBe(false);
    expect(await conversations(me, { page: 3, pageSize: 3 })).toMatchObject({ list: [], total: 4, hasMore: false });
  });

  it('answers users under /api the same way', async () => {
    const me = await signedInUser(db);
    await chat(db, me.owner, { appId: official.id, title: 'mine' });
    expect(titles((await conversations(me)).list)).toEqual(['mine']);
  });

  it.each([
    [{ page: 0 }, 'page: must be at least 1'],
    [{ pageSize: chatLimits.historyPageSizeMax + 1 }, `pageSize: must be at most ${chatLimits.historyPageSizeMax}`],
  ])('refuses %o', async (query, msg) => {
    const response = await call(app, await visitor(app), 'GET', chatPaths.conversationList, query);
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe(msg);
  });
});

describe('POST /core/chat/agent/getHistories', () => {
  it('lists my chats with agents, five a page by default, with each agent', async () => {
    const me = await signedInUser(db);
    const first = await agent(db, { name: 'Spread bot', avatarUrl: '/a.png' });
    const gone = await agent(db, { name: 'Gone bot', deletedAt: day(1) });
    for (let n = 1; n <= 6; n += 1) await chat(db, me.owner, { appId: first.id, title: `chat ${n}`, updatedAt: day(n) });
    await chat(db, me.owner, { appId: gone.id, title: 'with a deleted agent', updatedAt: day(7) });
    await chat(db, me.owner, { appId: official.id, title: 'official', updatedAt: day(9) });

    const page1 = await agentHistories(me);
    expect(titles(page1.list)).toEqual(['with a deleted agent', 'chat 6', 'chat 5', 'chat 4', 'chat 3']);
    expect(page1).toMatchObject({ total: 7, page: 1, pageSize: chatLimits.historyPageSize, hasMore: true });
    expect(page1.list[0]).toMatchObject({ appId: gone.id, appName: 'Gone bot', appDeleted: true });
    expect(page1.list[1]).toMatchObject({ appId: first.id, appName: 'Spread bot', appAvatarUrl: '/a.png', appDeleted: false });

    expect(titles((await agentHistories(me, { pageNum: 2 })).list)).toEqual(['chat 2', 'chat 1']);
    expect(titles((await agentHistories(me, { appId: gone.id })).list)).toEqual(['with a deleted agent']);
  });

  it('pages without repeats or gaps when chats share an update time', async () => {
    const me = await visitor(app);
    const agentApp = await agent(db);
    for (let n = 1; n <= 7; n += 1) await chat(db, me.owner, { appId: agentApp.id, title: `same ${n}`, updatedAt: day(1) });

    const seen: string[] = [];
    for (const pageNum of [1, 2, 3]) {
      seen.push(...(await agentHistories(me, { pageNum, pageSize: 3 })).list.map((entry: { chatId: string }) => entry.chatId));
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
  });

  it("shows nobody else's chats", async () => {
    const agentApp = await agent(db);
    await chat(db, (await visitor(app)).owner, { appId: agentApp.id });
    expect(await agentHistories(await visitor(app))).toMatchObject({ list: [], total: 0, hasMore: false });
  });
});

describe('POST /core/chat/updateHistory', () => {
  it('pins a chat into the pinned group without touching its update time, and unpins it', async () => {
    const me = await visitor(app);
    const agentApp = await agent(db);
    const older = await chat(db, me.owner, { appId: agentApp.id, title: 'older', updatedAt: day(1) });
    await chat(db, me.owner, { appId: agentApp.id, title: 'newer', updatedAt: day(2) });

    const pinned = await call(app, me, 'POST', chatPaths.updateHistory, { appId: agentApp.id, chatId: older.id, top: true });
    expect(pinned.json().data).toMatchObject({ chatId: older.id, top: true, updateTime: day(1).toISOString() });
    expect(titles((await agentHistories(me)).list)).toEqual(['older', 'newer']);

    await call(app, me, 'POST', chatPaths.updateHistory, { appId: agentApp.id, chatId: older.id, top: false });
    expect(titles((await agentHistories(me)).list)).toEqual(['newer', 'older']);
    expect((await chatRow(older.id)).updatedAt).toEqual(day(1));
  });

  it('renames a chat, trimming the title', async () => {
    const me = await signedInUser(db);
    const row = await chat(db, me.owner, { appId: official.id, title: 'New chat' });
    const response = await call(app, me, 'POST', chatPaths.updateHistory, { appId: official.id, chatId: row.id, title: '  Spreads  ' });
    expect(response.json().data).toMatchObject({ chatId: row.id, title: 'Spreads', top: false });
    expect((await chatRow(row.id)).title).toBe('Spreads');
  });

  it.each([
    [{ title: '   ' }, 'title: The title cannot be empty'],
    [{ title: 'x'.repeat(chatLimits.titleMaxChars + 1) }, `title: A title can be at most ${chatLimits.titleMaxChars} characters`],
    [{}, 'body: Nothing to update: send top or title'],
    [{ top: 'yes' }, 'top: Invalid input: expected boolean, received string'],
  ])('refuses %o and changes nothing', async (change, msg) => {
    const me = await visitor(app);
    const row = await chat(db, me.owner, { appId: official.id, title: 'Kept' });
    const response = await call(app, me, 'POST', chatPaths.updateHistory, { appId: official.id, chatId: row.id, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe(msg);
    expect(await chatRow(row.id)).toEqual(row);
  });

  it("answers NOT_FOUND for someone else's chat, or with the wrong app, and changes nothing", async () => {
    const row = await chat(db, (await visitor(app)).owner, { appId: official.id, title: 'Theirs' });
    const me = await visitor(app);
    for (const target of [{ appId: official.id, chatId: row.id }, { appId: (await agent(db)).id, chatId: row.id }]) {
      const response = await call(app, me, 'POST', chatPaths.updateHistory, { ...target, title: 'Mine now' });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe(10001);
    }
    expect(await chatRow(row.id)).toEqual(row);
  });
});

describe('deleting chats and messages', () => {
  it('deletes a chat from every list and from init', async () => {
    const me = await visitor(app);
    const { chat: row } = await chatWithTurns(db, me.owner, { appId: official.id });

    const response = await call(app, me, 'GET', chatPaths.delHistory, { appId: official.id, chatId: row.id });
    expect(response.json()).toEqual({ code: 0, msg: 'success', data: null });
    expect((await conversations(me)).list).toEqual([]);
    expect((await call(app, me, 'GET', chatPaths.sessionGet)).json().data.chatId).toBeNull();
    expect((await call(app, me, 'GET', chatPaths.chatInit, { chatId: row.id })).statusCode).toBe(404);
    expect((await call(app, me, 'GET', chatPaths.delHistory, { appId: official.id, chatId: row.id })).statusCode).toBe(404);
  });

  it('clears the messages of a chat; the chat stays in the list', async () => {
    const me = await signedInUser(db);
    const { chat: row } = await chatWithTurns(db, me.owner, { appId: official.id }, 3);

    const response = await call(app, me, 'GET', chatPaths.clearHistories, { id: row.id });
    expect(response.json().code).toBe(0);
    expect(await itemCount(row.id)).toBe(0);
    expect(titles((await conversations(me)).list)).toEqual([row.title]);
  });

  it('deletes one message', async () => {
    const me = await visitor(app);
    const { chat: row, items: [question, answer] } = await chatWithTurns(db, me.owner, { appId: official.id });

    const response = await call(app, me, 'POST', chatPaths.deleteItem, { chatId: row.id, itemId: answer!.id });
    expect(response.json().code).toBe(0);
    const left = (await call(app, me, 'GET', chatPaths.chatItems, { chatId: row.id })).json().data.items;
    expect(left.map((item: { id: string }) => item.id)).toEqual([question!.id]);
  });

  it("answers NOT_FOUND for someone else's chat or message and deletes nothing", async () => {
    const me = await visitor(app);
    const { chat: theirs, items: theirItems } = await chatWithTurns(db, (await visitor(app)).owner, { appId: official.id });
    const { chat: mine } = await chatWithTurns(db, me.owner, { appId: official.id });

    const attempts = [
      call(app, me, 'GET', chatPaths.delHistory, { appId: official.id, chatId: theirs.id }),
      call(app, me, 'GET', chatPaths.clearHistories, { id: theirs.id }),
      call(app, me, 'POST', chatPaths.deleteItem, { chatId: theirs.id, itemId: theirItems[0]!.id }),
      call(app, me, 'POST', chatPaths.deleteItem, { chatId: mine.id, itemId: theirItems[0]!.id }),
      call(app, me, 'POST', chatPaths.deleteItem, { chatId: mine.id, itemId: randomUUID() }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe(10001);
    }
    expect((await chatRow(theirs.id)).deletedAt).toBeNull();
    expect(await itemCount(theirs.id)).toBe(2);
    expect(await itemCount(mine.id)).toBe(2);
  });

  it('refuses to delete or clear while an answer in the chat is still being written', async () => {
    const me = await visitor(app);
    const row = await chat(db, me.owner, { appId: official.id });
    const [question] = await items(db, row.id, [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hel', status: 'streaming' }]);

    const attempts = [
      call(app, me, 'GET', chatPaths.delHistory, { appId: official.id, chatId: row.id }),
      call(app, me, 'GET', chatPaths.clearHistories, { id: row.id }),
      call(app, me, 'POST', chatPaths.deleteItem, { chatId: row.id, itemId: question!.id }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 10002, msg: expect.stringMatching(/^An answer in this chat is still being written/) });
    }
    expect((await chatRow(row.id)).deletedAt).toBeNull();
    expect(await itemCount(row.id)).toBe(2);
  });

  it('is not held up by an answer abandoned long ago (its server stopped mid-answer)', async () => {
    const me = await visitor(app);
    const row = await chat(db, me.owner, { appId: official.id });
    const abandonedAt = new Date(Date.now() - 60_000);
    await items(db, row.id, [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hel', status: 'streaming', updatedAt: abandonedAt }]);

    expect((await call(app, me, 'GET', chatPaths.clearHistories, { id: row.id })).json().code).toBe(0);
    expect(await itemCount(row.id)).toBe(0);
  });

  it('keeps the agent and its counters when a chat with it is deleted', async () => {
    const me = await visitor(app);
    const agentApp = await agent(db, { goodCount: 3 });
    const { chat: row } = await chatWithTurns(db, me.owner, { appId: agentApp.id });
    await call(app, me, 'GET', chatPaths.delHistory, { appId: agentApp.id, chatId: row.id });
    expect((await db.select().from(apps).where(eq(apps.id, agentApp.id)))[0]).toEqual(agentApp);
  });
});
