import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatPaths, chatSharePaths } from '@parley/contracts';
import { conversationShares } from '../src/db/schema/index.js';
import { agent, call, chat, chatWithTurns, items, officialApp, signedInUser, visitor, type Caller } from './fixtures/chats.js';
import { buildTestApp, testDatabase } from './helper.js';

const app = await buildTestApp({ VISITOR_TOKEN_RATE_LIMIT: '1000' });
const db = (await testDatabase()).handle.db;
const official = await officialApp(app, db);

const share = (caller: Caller, chatId: string) => call(app, caller, 'POST', chatSharePaths.create, { chatId });
const open = (caller: Caller, shareCode: string) => call(app, caller, 'GET', chatSharePaths.get, { shareCode });
const list = async (caller: Caller, query: Record<string, unknown> = {}) =>
  (await call(app, caller, 'GET', chatSharePaths.list, query)).json().data.list;
const shareRow = async (shareCode: string) =>
  (await db.select().from(conversationShares).where(eq(conversationShares.shareCode, shareCode)))[0]!;
const citation = { chunkId: 'k1', fileId: null, fileName: 'rules.pdf', heading: null, page: 3, excerpt: 'Leverage…', score: 0.7 };

describe('POST /core/chat/share/create and GET /core/chat/share/get', () => {
  it('freezes the finished messages of a chat behind an unguessable code anyone can open', async () => {
    const me = await visitor(app);
    const agentApp = await agent(db, { name: 'Leverage bot' });
    const row = await chat(db, me.owner, { appId: agentApp.id, title: 'Leverage' });
    const kept = await items(db, row.id, [
      { role: 'user', content: 'Max leverage?' },
      { role: 'assistant', content: 'It depends…', citations: [citation] },
      { role: 'user', content: 'And in the EU?' },
      { role: 'assistant', content: '30:1 for majors', status: 'stopped' },
      { role: 'user', content: 'Thanks' },
      { role: 'assistant', content: '', status: 'error', error: 'The model did not answer' },
      { role: 'assistant', content: '   ' },
      { role: 'assistant', content: 'You are', status: 'streaming' },
    ]);

    const created = await share(me, row.id);
    expect(created.statusCode).toBe(200);
    const info = created.json().data;
    expect(info).toEqual({
      shareCode: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      chatId: row.id,
      title: 'Leverage',
      itemCount: 5,
      createdAt: expect.any(String),
    });

    for (const reader of [await visitor(app), await signedInUser(db), me]) {
      const response = await open(reader, info.shareCode);
      expect(response.json().data).toEqual({
        shareCode: info.shareCode,
        title: 'Leverage',
        app: expect.objectContaining({ id: agentApp.id, name: 'Leverage bot', isOfficial: false, deleted: false }),
        items: kept.slice(0, 5).map((item) => ({
          role: item.role,
          content: item.content,
          citations: item.citations,
          createdAt: item.createdAt.toISOString(),
        })),
        createdAt: info.createdAt,
      });
    }
  });

  it('keeps the snapshot as it was, even after the chat changes or is deleted', async () => {
    const me = await signedInUser(db);
    const { chat: row } = await chatWithTurns(db, me.owner, { appId: official.id }, 1);
    const { shareCode } = (await share(me, row.id)).json().data;

    await items(db, row.id, [{ role: 'user', content: 'later question' }]);
    await call(app, me, 'POST', chatPaths.updateHistory, { appId: official.id, chatId: row.id, title: 'Renamed' });
    await call(app, me, 'GET', chatPaths.delHistory, { appId: official.id, chatId: row.id });

    const { data } = (await open(await visitor(app), shareCode)).json();
    expect(data.title).toBe('A chat');
    expect(data.items.map((item: { content: string }) => item.content)).toEqual(['question 1', 'answer 1']);
  });

  it('gives a new code each time a chat is shared', async () => {
    const me = await visitor(app);
    const { chat: row } = await chatWithTurns(db, me.owner, { appId: official.id });
    const first = (await share(me, row.id)).json().data.shareCode;
    const second = (await share(me, row.id)).json().data.shareCode;
    expect(first).not.toBe(second);
  });

  it('refuses to share a chat with nothing finished in it, and stores nothing', async () => {
    const me = await visitor(app);
    const empty = await chat(db, me.owner, { appId: official.id });
    const unfinished = await chat(db, me.owner, { appId: official.id });
    await items(db, unfinished.id, [{ role: 'assistant', content: 'Wri', status: 'streaming' }]);

    for (const row of [empty, unfinished]) {
      const response = await share(me, row.id);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 400, msg: 'This chat has no finished messages yet, so there is nothing to share.', data: null });
    }
    expect(await list(me)).toEqual([]);
  });

  it("answers NOT_FOUND for someone else's chat, a deleted or unknown one", async () => {
    const me = await visitor(app);
    const { chat: theirs } = await chatWithTurns(db, (await visitor(app)).owner, { appId: official.id });
    const { chat: deleted } = await chatWithTurns(db, me.owner, { appId: official.id, deletedAt: new Date() });

    for (const chatId of [theirs.id, deleted.id, randomUUID()]) {
      const response = await share(me, chatId);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe(10001);
    }
    expect(await db.$count(conversationShares, eq(conversationShares.chatId, theirs.id))).toBe(0);
  });

  it('answers NOT_FOUND for an unknown code and 400 for one that cannot be a code', async () => {
    const reader = await visitor(app);
    const unknown = await open(reader, randomBytes(16).toString('base64url'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 10001, msg: 'This shared conversation does not exist or is no longer shared.', data: null });

    for (const shareCode of ['short', `${randomBytes(16).toString('base64url')}x`, 'a/b+c'.padEnd(22, 'x')]) {
      const response = await open(reader, shareCode);
      expect(response.statusCode).toBe(400);
      expect(response.json().msg).toBe('shareCode: This share link is not valid');
    }
  });

  it('records the first open by someone other than the owner, once', async () => {
    const me = await visitor(app);
    const { chat: row } = await chatWithTurns(db, me.owner, { appId: official.id });
    const { shareCode } = (await share(me, row.id)).json().data;

    await open(me, shareCode);
    expect((await shareRow(shareCode)).openedAt).toBeNull();

    await open(await signedInUser(db), shareCode);
    const firstOpen = (await shareRow(shareCode)).openedAt;
    expect(firstOpen).toBeInstanceOf(Date);

    await open(await visitor(app), shareCode);
    expect((await shareRow(shareCode)).openedAt).toEqual(firstOpen);
  });
});

describe('GET /core/chat/share/list and POST /core/chat/share/revoke', () => {
  it('lists my live shares, newest first, optionally of one chat', async () => {
    const me = await signedInUser(db);
    const { chat: first } = await chatWithTurns(db, me.owner, { appId: official.id, title: 'first' });
    const { chat: second } = await chatWithTurns(db, me.owner, { appId: official.id, title: 'second' }, 2);
    const a = (await share(me, first.id)).json().data;
    const b = (await share(me, second.id)).json().data;
    await db.update(conversationShares).set({ createdAt: new Date(Date.now() - 60_000) }).where(eq(conversationShares.shareCode, a.shareCode));
    const someoneElse = await visitor(app);
    const { chat: theirs } = await chatWithTurns(db, someoneElse.owner, { appId: official.id });
    expect((await share(someoneElse, theirs.id)).json().code).toBe(0);

    const mine = await list(me);
    expect(mine.map((entry: { shareCode: string }) => entry.shareCode)).toEqual([b.shareCode, a.shareCode]);
    expect(mine[0]).toEqual(b);
    expect(await list(me, { chatId: first.id })).toEqual([expect.objectContaining({ shareCode: a.shareCode, title: 'first', itemCount: 2 })]);
  });

  it('revokes my share: the link stops working and leaves my list', async () => {
    const me = await visitor(app);
    const { chat: row } = await chatWithTurns(db, me.owner, { appId: official.id });
    const { shareCode } = (await share(me, row.id)).json().data;

    const response = await call(app, me, 'POST', chatSharePaths.revoke, { shareCode });
    expect(response.json()).toEqual({ code: 0, msg: 'success', data: null });
    expect((await open(await visitor(app), shareCode)).statusCode).toBe(404);
    expect(await list(me)).toEqual([]);
    expect((await shareRow(shareCode)).revokedAt).toBeInstanceOf(Date);
    expect((await call(app, me, 'POST', chatSharePaths.revoke, { shareCode })).statusCode).toBe(404);
  });

  it("cannot revoke someone else's share, which keeps working", async () => {
    const owner = await visitor(app);
    const { chat: row } = await chatWithTurns(db, owner.owner, { appId: official.id });
    const { shareCode } = (await share(owner, row.id)).json().data;
    const stranger = await visitor(app);

    const response = await call(app, stranger, 'POST', chatSharePaths.revoke, { shareCode });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe(10001);
    expect((await open(stranger, shareCode)).statusCode).toBe(200);
    expect(await list(stranger)).toEqual([]);
  });

  it('refuses a malformed code or chat id', async () => {
    const me = await visitor(app);
    expect((await call(app, me, 'POST', chatSharePaths.revoke, { shareCode: 'nope' })).json().msg).toBe('shareCode: This share link is not valid');
    expect((await call(app, me, 'GET', chatSharePaths.list, { chatId: 'nope' })).json().msg).toBe('chatId: must be a valid id');
  });
});
