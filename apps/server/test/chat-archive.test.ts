import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatArchiveLimits, chatArchivePaths, type ChatArchive } from '@parley/contracts';
import { chats } from '../src/db/schema/index.js';
import { agent, call, chat, chatWithTurns, items, officialApp, signedInUser, visitor, type Caller } from './fixtures/chats.js';
import { buildTestApp, testDatabase } from './helper.js';

const app = await buildTestApp({ VISITOR_TOKEN_RATE_LIMIT: '1000' });
const db = (await testDatabase()).handle.db;
const official = await officialApp(app, db);

const exportAll = async (caller: Caller): Promise<ChatArchive> => (await call(app, caller, 'GET', chatArchivePaths.export)).json().data;
const importFile = (caller: Caller, file: unknown) => call(app, caller, 'POST', chatArchivePaths.import, file as Record<string, unknown>);
const liveTitles = async (caller: Caller) => (await exportAll(caller)).chats.map((entry) => entry.title).sort();

function archiveOf(list: Partial<ChatArchive['chats'][number]>[]): ChatArchive {
  return {
    format: 'parley-chats',
    version: 1,
    exportedAt: '2026-01-05T00:00:00.000Z',
    chats: list.map((entry) => ({
      id: randomUUID(),
      appId: official.id,
      title: 'Imported',
      top: false,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-02T00:00:00.000Z',
      messages: [
        { role: 'user', content: 'What is a spread?', status: 'done', createdAt: '2026-01-01T00:00:00.000Z' },
        { role: 'assistant', content: 'The gap between bid and ask.', status: 'done', createdAt: '2026-01-01T00:00:01.000Z' },
      ],
      ...entry,
    })),
  };
}

describe('GET /chats/export', () => {
  it('gives every live chat of mine with its questions and answers in order, and nobody else’s', async () => {
    const me = await visitor(app);
    const withAgent = await agent(db);
    const first = await chatWithTurns(db, me.owner, { appId: official.id, title: 'Spreads', top: true }, 2);
    await chatWithTurns(db, me.owner, { appId: withAgent.id, title: 'Leverage' });
    await chat(db, me.owner, { appId: official.id, title: 'gone', deletedAt: new Date() });
    await chatWithTurns(db, (await visitor(app)).owner, { appId: official.id, title: 'not mine' });

    const file = await exportAll(me);
    expect(file).toMatchObject({ format: 'parley-chats', version: 1, exportedAt: expect.any(String) });
    expect(file.chats.map((entry) => entry.title).sort()).toEqual(['Leverage', 'Spreads']);
    const spreads = file.chats.find((entry) => entry.id === first.chat.id)!;
    expect(spreads).toMatchObject({ appId: official.id, top: true });
    expect(spreads.messages.map((message) => `${message.role}: ${message.content}`)).toEqual([
      'user: question 1',
      'assistant: answer 1',
      'user: question 2',
      'assistant: answer 2',
    ]);
  });

  it('exports an answer still being written as stopped, so the file imports again', async () => {
    const me = await signedInUser(db);
    const row = await chat(db, me.owner, { appId: official.id });
    await items(db, row.id, [{ role: 'user', content: 'q' }, { role: 'assistant', content: 'half', status: 'streaming' }]);
    expect((await exportAll(me)).chats[0]?.messages[1]?.status).toBe('stopped');
  });

  it('streams a history of more than a file of chats (1,000) whole, in order, each chat with its own messages', async () => {
    const me = await visitor(app);
    const count = chatArchiveLimits.maxChats + 201;
    // imported in files the import takes, with distinct times so the order is known
    const all = archiveOf(
      Array.from({ length: count }, (_, index) => ({
        title: `chat ${index}`,
        createdAt: new Date(Date.UTC(2026, 0, 1) + index * 1000).toISOString(),
        messages: [{ role: 'user', content: `question ${index}`, status: 'done', createdAt: '2026-01-01T00:00:00.000Z' }],
      })),
    );
    for (let start = 0; start < count; start += chatArchiveLimits.maxChats) {
      expect((await importFile(me, { ...all, chats: all.chats.slice(start, start + chatArchiveLimits.maxChats) })).statusCode).toBe(200);
    }

    const response = await call(app, me, 'GET', chatArchivePaths.export);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = response.json();
    expect(body).toMatchObject({ code: 0, msg: 'success', data: { format: 'parley-chats', version: 1 } });
    const exported: ChatArchive['chats'] = body.data.chats;
    expect(exported).toHaveLength(count);
    expect(exported.map((entry) => entry.title)).toEqual(all.chats.map((entry) => entry.title));
    expect(exported.every((entry, index) => entry.messages.length === 1 && entry.messages[0]!.content === `question ${index}`)).toBe(true);
  });
});

describe('POST /chats/import', () => {
  it('round-trips: export, clear all, import gives the same chats and messages back', async () => {
    const me = await signedInUser(db);
    await chatWithTurns(db, me.owner, { appId: official.id, title: 'One' }, 2);
    await chatWithTurns(db, me.owner, { appId: (await agent(db)).id, title: 'Two', top: true });
    const before = await exportAll(me);

    expect((await call(app, me, 'POST', chatArchivePaths.clearAll)).json().data).toEqual({ chats: 2 });
    expect((await exportAll(me)).chats).toEqual([]);

    const imported = await importFile(me, before);
    expect(imported.statusCode).toBe(200);
    expect(imported.json().data).toEqual({ chats: 2, messages: 6 });
    const after = await exportAll(me);
    const shape = (file: ChatArchive) => file.chats.map(({ id: _id, ...rest }) => rest).sort((a, b) => a.title.localeCompare(b.title));
    expect(shape(after)).toEqual(shape(before));
  });

  it('imports a chat someone else holds the id of under a fresh id, leaving theirs alone', async () => {
    const owner = await visitor(app);
    const theirs = await chatWithTurns(db, owner.owner, { appId: official.id, title: 'Theirs' });
    const me = await visitor(app);
    const response = await importFile(me, archiveOf([{ id: theirs.chat.id, title: 'Mine now' }]));
    expect(response.statusCode).toBe(200);
    const mine = (await exportAll(me)).chats;
    expect(mine.map((entry) => entry.title)).toEqual(['Mine now']);
    expect(mine[0]?.id).not.toBe(theirs.chat.id);
    expect(await liveTitles(owner)).toEqual(['Theirs']);
  });

  it('refuses a file with a chat already in my history, naming it, and imports none of it', async () => {
    const me = await visitor(app);
    const existing = await chatWithTurns(db, me.owner, { appId: official.id, title: 'Already here' });
    const response = await importFile(me, archiveOf([{ title: 'New one' }, { id: existing.chat.id, title: 'Already here' }]));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 10002,
      msg: 'Some chats of this file are already in your history.',
      data: [{ path: 'chats.1.id', message: '"Already here" is already in your history' }],
    });
    expect(await liveTitles(me)).toEqual(['Already here']);
  });

  it('refuses the same file a second time, also after the chats were exported, cleared and imported back', async () => {
    const me = await signedInUser(db);
    await chatWithTurns(db, me.owner, { appId: official.id, title: 'Once' });
    const file = await exportAll(me);
    await call(app, me, 'POST', chatArchivePaths.clearAll);
    expect((await importFile(me, file)).statusCode).toBe(200);
    const again = await importFile(me, file);
    expect(again.statusCode).toBe(409);
    expect(again.json().data).toEqual([{ path: 'chats.0.id', message: '"Once" is already in your history' }]);
    // An export of the imported chats is the same history too.
    expect((await importFile(me, await exportAll(me))).statusCode).toBe(409);
    expect(await liveTitles(me)).toEqual(['Once']);
  });

  it('refuses a chat repeated within the file', async () => {
    const me = await visitor(app);
    const id = randomUUID();
    const response = await importFile(me, archiveOf([{ id }, { id }]));
    expect(response.statusCode).toBe(400);
    expect(response.json().data).toContainEqual({ path: 'chats.1.id', message: 'This chat appears twice in the file' });
    expect(await liveTitles(me)).toEqual([]);
  });

  it('refuses chats with an agent that does not exist or is someone else’s private one', async () => {
    const me = await visitor(app);
    const secret = await agent(db, { visibility: 'private' });
    const response = await importFile(me, archiveOf([{ title: 'fine' }, { appId: randomUUID(), title: 'nowhere' }, { appId: secret.id, title: 'secret' }]));
    expect(response.statusCode).toBe(400);
    expect(response.json().data).toEqual([
      { path: 'chats.1.appId', message: 'The agent of "nowhere" does not exist here or is private' },
      { path: 'chats.2.appId', message: 'The agent of "secret" does not exist here or is private' },
    ]);
    expect(await liveTitles(me)).toEqual([]);
  });

  it.each([
    ['not a parley file', { chats: [] }, 'format'],
    ['a newer version', { ...archiveOf([]), version: 2 }, 'version'],
    ['chats that are not a list', { ...archiveOf([]), chats: 'none' }, 'chats'],
    ['a message role of the wrong kind', archiveOf([{ messages: [{ role: 'system' as 'user', content: 'x', status: 'done', createdAt: '2026-01-01T00:00:00Z' }] }]), 'chats.0.messages.0.role'],
    ['a title that is a number', archiveOf([{ title: 42 as unknown as string }]), 'chats.0.title'],
    ['a bad date', archiveOf([{ createdAt: 'yesterday' }]), 'chats.0.createdAt'],
  ])('refuses %s with the field that is wrong, changing nothing', async (_, file, path) => {
    const me = await visitor(app);
    await chat(db, me.owner, { appId: official.id, title: 'kept' });
    const response = await importFile(me, file);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(400);
    expect(response.json().data.map((problem: { path: string }) => problem.path)).toContain(path);
    expect(await liveTitles(me)).toEqual(['kept']);
  });

  it('refuses a file over the size limit with 413, and keeps the __proto__ of objects untouched', async () => {
    const me = await visitor(app);
    const big = archiveOf([{ messages: [{ role: 'user', content: 'x'.repeat(chatArchiveLimits.maxBytes), status: 'done', createdAt: '2026-01-01T00:00:00Z' }] }]);
    const tooLarge = await importFile(me, big);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().code).toBe(413);

    const poisoned = `{"format":"parley-chats","version":1,"exportedAt":"2026-01-05T00:00:00Z","chats":[],"__proto__":{"polluted":true}}`;
    const response = await app.inject({ method: 'POST', url: `${me.prefix}${chatArchivePaths.import}`, headers: { ...me.headers, 'content-type': 'application/json' }, payload: poisoned });
    expect(response.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await liveTitles(me)).toEqual([]);
  });
});

describe('POST /chats/clear-all', () => {
  it('removes every chat of mine from the history, official and agents, and nobody else’s', async () => {
    const me = await signedInUser(db);
    const other = await signedInUser(db);
    await chatWithTurns(db, me.owner, { appId: official.id });
    await chatWithTurns(db, me.owner, { appId: (await agent(db)).id });
    await chatWithTurns(db, other.owner, { appId: official.id, title: 'theirs' });

    expect((await call(app, me, 'POST', chatArchivePaths.clearAll)).json()).toMatchObject({ code: 0, data: { chats: 2 } });
    expect(await db.$count(chats, and(eq(chats.userId, me.owner.userId!), isNull(chats.deletedAt)))).toBe(0);
    expect(await liveTitles(other)).toEqual(['theirs']);
    expect((await call(app, me, 'POST', chatArchivePaths.clearAll)).json().data).toEqual({ chats: 0 });
  });
});
