import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chatLimits, chatPaths } from '@parley/contracts';
import { apps } from '../src/db/schema/index.js';
import { eq } from 'drizzle-orm';
import { agent, call, chat, chatWithTurns, items, officialApp, signedInUser, turns, visitor } from './fixtures/chats.js';
import { buildTestApp, testDatabase } from './helper.js';

const app = await buildTestApp({ VISITOR_TOKEN_RATE_LIMIT: '1000' });
const db = (await testDatabase()).handle.db;
const official = await officialApp(app, db);

const notFound = { code: 10001, msg: 'This chat does not exist or has been deleted.', data: null };

describe('GET /home/init and /session/get', () => {
  it('shows the official assistant to users and visitors alike', async () => {
    for (const caller of [await signedInUser(db), await visitor(app)]) {
      const response = await call(app, caller, 'GET', chatPaths.homeInit, { type: 0 });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.app).toEqual({
        id: official.id,
        name: official.name,
        avatarUrl: official.avatarUrl,
        intro: official.intro,
        openingMessage: official.openingMessage,
        suggestedQuestions: official.suggestedQuestions,
        isOfficial: true,
        creatorName: null,
        deleted: false,
        closedBecause: null,
        hiddenByOperator: false,
      });
    }
  });

  it('refuses a type other than the official assistant', async () => {
    const response = await call(app, await visitor(app), 'GET', chatPaths.homeInit, { type: 3 });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe('type: type must be 0 (the official assistant)');
  });

  it('needs the token of its audience', async () => {
    expect((await app.inject({ url: `/api${chatPaths.homeInit}` })).json().code).toBe(401);
    expect((await app.inject({ url: `/api/visitor${chatPaths.homeInit}` })).json().code).toBe(-2);
  });

  it('has no current session before the first official chat', async () => {
    const response = await call(app, await visitor(app), 'GET', chatPaths.sessionGet, { type: 0 });
    expect(response.json().data).toEqual({ chatId: null, appId: official.id, title: null, updateTime: null });
  });

  it("gives the caller's most recently updated live official chat, nobody else's", async () => {
    const me = await visitor(app);
    const someoneElse = await visitor(app);
    const agentApp = await agent(db);
    const current = await chat(db, me.owner, { appId: official.id, title: 'current', updatedAt: new Date('2026-03-02T00:00:00Z') });
    await chat(db, me.owner, { appId: official.id, title: 'older', updatedAt: new Date('2026-03-01T00:00:00Z') });
    await chat(db, me.owner, { appId: official.id, deletedAt: new Date(), updatedAt: new Date('2026-03-05T00:00:00Z') });
    await chat(db, me.owner, { appId: agentApp.id, updatedAt: new Date('2026-03-06T00:00:00Z') });
    await chat(db, someoneElse.owner, { appId: official.id, updatedAt: new Date('2026-03-07T00:00:00Z') });

    const response = await call(app, me, 'GET', chatPaths.sessionGet, { type: 0 });
    expect(response.json().data).toEqual({
      chatId: current.id,
      appId: official.id,
      title: 'current',
      updateTime: '2026-03-02T00:00:00.000Z',
    });
  });
});

describe('GET /core/chat/init', () => {
  it('opens the official assistant with no chat when neither app nor chat is given', async () => {
    const response = await call(app, await visitor(app), 'GET', chatPaths.chatInit);
    expect(response.json()).toMatchObject({ code: 0, data: { app: { id: official.id, isOfficial: true }, chat: null, items: [], hasMore: false } });
  });

  it("opens a public agent with its creator's name", async () => {
    const agentApp = await agent(db, { openingMessage: 'Ask me about spreads' });
    const response = await call(app, await visitor(app), 'GET', chatPaths.chatInit, { appId: agentApp.id });
    expect(response.json().data.app).toMatchObject({
      id: agentApp.id,
      openingMessage: 'Ask me about spreads',
      isOfficial: false,
      creatorName: expect.stringMatching(/^maker-/),
      deleted: false,
    });
  });

  it("opens a private agent for its owner only; for anyone else it does not exist", async () => {
    const owner = await signedInUser(db);
    const privateAgent = await agent(db, { ownerId: owner.owner.userId!, visibility: 'private' });

    expect((await call(app, owner, 'GET', chatPaths.chatInit, { appId: privateAgent.id })).json().code).toBe(0);
    for (const stranger of [await signedInUser(db), await visitor(app)]) {
      const response = await call(app, stranger, 'GET', chatPaths.chatInit, { appId: privateAgent.id });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe(10001);
    }
    expect((await call(app, owner, 'GET', chatPaths.chatInit, { appId: randomUUID() })).statusCode).toBe(404);
  });

  it('opens one of my chats with its messages oldest first, every field filled in', async () => {
    const me = await visitor(app);
    const row = await chat(db, me.owner, { appId: official.id, title: 'Spreads', top: true });
    const citation = { chunkId: 'c1', fileId: null, fileName: 'faq.md', heading: 'Spreads', page: null, excerpt: 'Spreads are…', score: 0.9 };
    const [question, answer] = await items(db, row.id, [
      { role: 'user', content: 'What is a spread?' },
      {
        role: 'assistant',
        content: 'The difference…',
        citations: [citation],
        model: 'offline',
        requestedModel: 'offline',
        promptTokens: 12,
        completionTokens: 30,
        userGoodFeedback: true,
        customFeedbacks: ['clear'],
      },
    ]);

    const response = await call(app, me, 'GET', chatPaths.chatInit, { chatId: row.id });

    expect(response.json().data).toEqual({
      app: expect.objectContaining({ id: official.id }),
      modelChoice: { models: [], defaultModel: 'offline' },
      chat: { id: row.id, title: 'Spreads', top: true, updateTime: row.updatedAt.toISOString(), model: null },
      items: [
        expect.objectContaining({ id: question!.id, role: 'user', content: 'What is a spread?', status: 'done', citations: [] }),
        {
          id: answer!.id,
          role: 'assistant',
          content: 'The difference…',
          status: 'done',
          error: null,
          errorKind: null,
          reasoning: null,
          reasoningMs: null,
          reasoningTokens: null,
          cutShort: false,
          citations: [citation],
          model: 'offline',
          requestedModel: 'offline',
          promptTokens: 12,
          completionTokens: 30,
          userGoodFeedback: true,
          userBadFeedback: false,
          customFeedbacks: ['clear'],
          createdAt: answer!.createdAt.toISOString(),
        },
      ],
      hasMore: false,
    });
  });

  it('gives only the newest page of a long chat and says older messages exist', async () => {
    const me = await visitor(app);
    const { chat: row } = await chatWithTurns(db, me.owner, { appId: official.id }, chatLimits.itemsPageSize / 2);
    await items(db, row.id, turns(1, chatLimits.itemsPageSize / 2 + 1));

    const { data } = (await call(app, me, 'GET', chatPaths.chatInit, { chatId: row.id })).json();
    expect(data.items).toHaveLength(chatLimits.itemsPageSize);
    expect(data.items[0].content).toBe('question 2');
    expect(data.items.at(-1).content).toBe(`answer ${chatLimits.itemsPageSize / 2 + 1}`);
    expect(data.hasMore).toBe(true);
  });

  it('answers NOT_FOUND, the same way, for a chat that is not mine, deleted, unknown or with another app', async () => {
    const me = await visitor(app);
    const { chat: someoneElses } = await chatWithTurns(db, (await visitor(app)).owner, { appId: official.id });
    const deleted = await chat(db, me.owner, { appId: official.id, deletedAt: new Date() });
    const mine = await chat(db, me.owner, { appId: official.id });
    const agentApp = await agent(db);

    for (const query of [
      { chatId: someoneElses.id },
      { chatId: deleted.id },
      { chatId: randomUUID() },
      { chatId: mine.id, appId: agentApp.id },
    ]) {
      const response = await call(app, me, 'GET', chatPaths.chatInit, query);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFound);
    }
  });

  it('keeps chats with a deleted agent readable, marking the agent deleted', async () => {
    const me = await signedInUser(db);
    const agentApp = await agent(db);
    const { chat: row } = await chatWithTurns(db, me.owner, { appId: agentApp.id }, 2);
    await db.update(apps).set({ deletedAt: new Date() }).where(eq(apps.id, agentApp.id));

    const { data } = (await call(app, me, 'GET', chatPaths.chatInit, { appId: agentApp.id, chatId: row.id })).json();
    expect(data.app).toMatchObject({ id: agentApp.id, deleted: true, closedBecause: 'deleted' });
    expect(data.items).toHaveLength(4);
  });

  it('keeps my chat with an agent its owner made private readable, as no longer available', async () => {
    const me = await visitor(app);
    const agentApp = await agent(db);
    const { chat: row } = await chatWithTurns(db, me.owner, { appId: agentApp.id });
    await db.update(apps).set({ visibility: 'private' }).where(eq(apps.id, agentApp.id));

    const { data } = (await call(app, me, 'GET', chatPaths.chatInit, { appId: agentApp.id, chatId: row.id })).json();
    expect(data.app).toMatchObject({ id: agentApp.id, deleted: true, closedBecause: 'private' });
    expect(data.items).toHaveLength(2);
  });

  it('refuses ids that are not ids', async () => {
    const response = await call(app, await visitor(app), 'GET', chatPaths.chatInit, { chatId: '42' });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe('chatId: must be a valid id');
  });
});

describe('GET /core/chat/items', () => {
  it('loads a 1,000-message chat page by page, oldest first, quickly', async () => {
    const me = await visitor(app);
    const { chat: row, items: all } = await chatWithTurns(db, me.owner, { appId: official.id }, 500);
    const started = performance.now();

    const first = (await call(app, me, 'GET', chatPaths.chatInit, { chatId: row.id })).json().data;
    const loaded = [...first.items];
    let hasMore: boolean = first.hasMore;
    let pages = 1;
    while (hasMore) {
      const page = (await call(app, me, 'GET', chatPaths.chatItems, { chatId: row.id, before: loaded[0].id, limit: 200 })).json().data;
      loaded.unshift(...page.items);
      hasMore = page.hasMore;
      pages += 1;
    }

    expect(pages).toBe(6);
    expect(loaded.map((item) => item.id)).toEqual(all.map((item) => item.id));
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('says there is nothing older once the first message is reached', async () => {
    const me = await visitor(app);
    const { chat: row, items: all } = await chatWithTurns(db, me.owner, { appId: official.id }, 3);

    const page = (await call(app, me, 'GET', chatPaths.chatItems, { chatId: row.id, before: all[4]!.id, limit: 4 })).json().data;
    expect(page).toEqual({ items: all.slice(0, 4).map((item) => expect.objectContaining({ id: item.id })), hasMore: false });

    const empty = (await call(app, me, 'GET', chatPaths.chatItems, { chatId: row.id, before: all[0]!.id })).json().data;
    expect(empty).toEqual({ items: [], hasMore: false });
  });

  it('pages from the newest message without `before`, using the default page size', async () => {
    const me = await visitor(app);
    const { chat: row } = await chatWithTurns(db, me.owner, { appId: official.id }, 60);
    const page = (await call(app, me, 'GET', chatPaths.chatItems, { chatId: row.id })).json().data;
    expect(page.items).toHaveLength(chatLimits.itemsPageSize);
    expect(page.items.at(-1).content).toBe('answer 60');
    expect(page.hasMore).toBe(true);
  });

  it('leaves out system rows', async () => {
    const me = await visitor(app);
    const row = await chat(db, me.owner, { appId: official.id });
    await items(db, row.id, [{ role: 'system', content: 'internal' }, ...turns(1)]);
    const page = (await call(app, me, 'GET', chatPaths.chatItems, { chatId: row.id })).json().data;
    expect(page.items.map((item: { role: string }) => item.role)).toEqual(['user', 'assistant']);
  });

  it("answers NOT_FOUND for someone else's chat, or a `before` message from another chat", async () => {
    const me = await visitor(app);
    const other = await visitor(app);
    const { chat: theirs, items: theirItems } = await chatWithTurns(db, other.owner, { appId: official.id });
    const { chat: mine } = await chatWithTurns(db, me.owner, { appId: official.id });

    for (const query of [{ chatId: theirs.id }, { chatId: mine.id, before: theirItems[1]!.id }, { chatId: mine.id, before: randomUUID() }]) {
      const response = await call(app, me, 'GET', chatPaths.chatItems, query);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe(10001);
    }
  });

  it.each([
    [{ limit: 0 }, 'limit: must be at least 1'],
    [{ limit: chatLimits.itemsPageSizeMax + 1 }, `limit: must be at most ${chatLimits.itemsPageSizeMax}`],
    [{ limit: 'many' }, 'limit: must be a number'],
    [{ before: 'yesterday' }, 'before: must be a valid id'],
  ])('refuses %o with a clear message', async (query, msg) => {
    const me = await visitor(app);
    const row = await chat(db, me.owner, { appId: official.id });
    const response = await call(app, me, 'GET', chatPaths.chatItems, { chatId: row.id, ...query });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe(msg);
  });
});
