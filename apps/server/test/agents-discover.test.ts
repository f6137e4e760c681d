import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentPaths, chatPaths, type AgentCard } from '@parley/contracts';
import { apps } from '../src/db/schema/index.js';
import { createAgent } from './fixtures/agents.js';
import { call, signedInUser, visitor, type Caller } from './fixtures/chats.js';
import { readStream } from './chat-stream-helpers.js';
import { buildTestApp, testDatabase } from './helper.js';

const app = await buildTestApp({ VISITOR_TOKEN_RATE_LIMIT: '1000', CHAT_RATE_LIMIT: '1000', OFFLINE_STREAM_DELAY_MS: '0' });
const db = (await testDatabase()).handle.db;

/** Every test makes its own agents under a word of its own, and searches for it. */
async function discover(caller: Caller, query: Record<string, unknown>) {
  const response = await call(app, caller, 'GET', agentPaths.discover, query);
  expect(response.statusCode).toBe(200);
  return response.json().data as { list: AgentCard[]; nextCursor: string | null };
}
const names = (page: { list: AgentCard[] }) => page.list.map((card) => card.name);

async function ask(caller: Caller, appId: string, chatId?: string) {
  const response = await call(app, caller, 'POST', chatPaths.completions, { appId, chatId, content: 'Hello there' });
  expect(response.statusCode).toBe(200);
  return readStream(response.body);
}

describe('GET /core/app/discover', () => {
  it('lists public agents only: not private, unlisted, hidden or deleted ones', async () => {
    const maker = await signedInUser(db);
    await createAgent(app, maker, { name: 'Zebra public', visibility: 'public' });
    await createAgent(app, maker, { name: 'Zebra private', visibility: 'private' });
    await createAgent(app, maker, { name: 'Zebra unlisted', visibility: 'unlisted' });
    const hidden = await createAgent(app, maker, { name: 'Zebra hidden', visibility: 'public' });
    await db.update(apps).set({ hiddenAt: new Date() }).where(eq(apps.id, hidden.id));
    const gone = await createAgent(app, maker, { name: 'Zebra deleted', visibility: 'public' });
    await call(app, maker, 'POST', agentPaths.delete, { id: gone.id });

    for (const reader of [maker, await visitor(app)]) {
      expect(names(await discover(reader, { q: 'zebra' }))).toEqual(['Zebra public']);
    }
  });

  it('finds agents by words of the name or description, in Chinese and English', async () => {
    const maker = await signedInUser(db);
    await createAgent(app, maker, { name: '外汇交易助手', intro: '回答外汇平台和点差的问题', visibility: 'public' });
    await createAgent(app, maker, { name: 'Quokka spreads', intro: 'Compares broker spreads for beginners', visibility: 'public' });
    await createAgent(app, maker, { name: '黄金行情', intro: 'Gold market quokka notes', visibility: 'public' });
    const guest = await visitor(app);

    expect(names(await discover(guest, { q: '外汇' }))).toEqual(['外汇交易助手']);
    expect(names(await discover(guest, { q: '点差' }))).toEqual(['外汇交易助手']);
    expect(names(await discover(guest, { q: '交易助手' }))).toEqual(['外汇交易助手']);
    expect(names(await discover(guest, { q: 'quokka' })).sort()).toEqual(['Quokka spreads', '黄金行情']);
    expect(names(await discover(guest, { q: 'Quok' })).sort()).toEqual(['Quokka spreads', '黄金行情']);
    expect(names(await discover(guest, { q: 'quokka beginners' }))).toEqual(['Quokka spreads']);
    expect(names(await discover(guest, { q: 'quokka 外汇' }))).toEqual([]);
    expect(names(await discover(guest, { q: '???' }))).toEqual([]);
  });

  it('filters by category and refuses an unknown one by field', async () => {
    const maker = await signedInUser(db);
    await createAgent(app, maker, { name: 'Walrus tutor', category: 'education', visibility: 'public' });
    await createAgent(app, maker, { name: 'Walrus trader', category: 'forex', visibility: 'public' });
    expect(names(await discover(maker, { q: 'walrus', category: 'education' }))).toEqual(['Walrus tutor']);
    const refused = await call(app, maker, 'GET', agentPaths.discover, { category: 'weather' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data).toEqual([{ path: 'category', message: 'Choose one of the categories' }]);
  });

  it('sorts by newest and by best rated, and pages with a cursor without gaps or repeats', async () => {
    const maker = await signedInUser(db);
    const made: string[] = [];
    for (const [index, [good, bad]] of [[0, 0], [9, 1], [1, 9], [5, 0], [3, 2]].entries()) {
      const agent = await createAgent(app, maker, { name: `Narwhal ${index}`, visibility: 'public' });
      await db.update(apps).set({ goodCount: good, badCount: bad }).where(eq(apps.id, agent.id));
      made.push(agent.name);
    }
    expect(names(await discover(maker, { q: 'narwhal', sort: 'newest' }))).toEqual([...made].reverse());
    // best rated is the confidence-adjusted rating: 9 of 10 good beats 5 of 5, which beats 3 of 5;
    // one good rating of ten still beats none at all, and an agent nobody rated comes last
    expect(names(await discover(maker, { q: 'narwhal', sort: 'rating' }))).toEqual(['Narwhal 1', 'Narwhal 3', 'Narwhal 4', 'Narwhal 2', 'Narwhal 0']);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { list: AgentCard[]; nextCursor: string | null } = await discover(maker, { q: 'narwhal', sort: 'newest', pageSize: 2, ...(cursor ? { cursor } : {}) });
      seen.push(...names(page));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...made].reverse());

    const wrongSort = await call(app, maker, 'GET', agentPaths.discover, { sort: 'rating', cursor: 'bm90IGEgY3Vyc29y' });
    expect(wrongSort.statusCode).toBe(400);
    expect(wrongSort.json().data[0].path).toBe('cursor');
  });
});

describe('agent figures and the popular ranking, from real chats', () => {
  it('counts conversations, distinct people and feedback; the creator counts for nothing', async () => {
    const maker = await signedInUser(db);
    const agent = await createAgent(app, maker, { name: 'Figures bot', visibility: 'public' });
    const first = await signedInUser(db);
    const second = await visitor(app);

    await ask(maker, agent.id);
    const opened = await ask(first, agent.id);
    await ask(first, agent.id, opened.start!.chatId);
    await ask(first, agent.id);
    const visitorChat = await ask(second, agent.id);

    await call(app, second, 'POST', chatPaths.updateUserFeedback, {
      appId: agent.id,
      chatId: visitorChat.start!.chatId,
      chatItemId: visitorChat.start!.answerId,
      userGoodFeedback: true,
    });
    await call(app, first, 'POST', chatPaths.updateUserFeedback, {
      appId: agent.id,
      chatId: opened.start!.chatId,
      chatItemId: opened.start!.answerId,
      userBadFeedback: true,
    });

    const mine = (await call(app, maker, 'GET', agentPaths.mine)).json().data.list;
    expect(mine[0].figures).toEqual({ conversations: 3, users: 2, good: 1, bad: 1, likeRatio: 0.5 });
    const card = (await discover(second, { q: 'figures' })).list[0];
    expect(card?.figures).toEqual({ conversations: 3, users: 2, good: 1, bad: 1, likeRatio: 0.5 });
  });

  it('keeps no figures for the official assistant, which is never ranked', async () => {
    const response = await call(app, await visitor(app), 'POST', chatPaths.completions, { content: 'Hello official' });
    expect(response.statusCode).toBe(200);
    const [official] = await db.select().from(apps).where(eq(apps.isOfficial, true));
    expect([official?.conversationCount, official?.userCount, official?.popularityScore]).toEqual([0, 0, 0]);
  });

  it('ranks by distinct people in the last 30 days: one heavy user cannot push an agent up', async () => {
    const maker = await signedInUser(db);
    const busy = await createAgent(app, maker, { name: 'Platypus busy', visibility: 'public' });
    const liked = await createAgent(app, maker, { name: 'Platypus liked', visibility: 'public' });
    await createAgent(app, maker, { name: 'Platypus quiet', visibility: 'public' });

    const heavy = await signedInUser(db);
    let chatId: string | undefined;
    for (let i = 0; i < 12; i++) chatId = (await ask(heavy, busy.id, chatId)).start!.chatId;
    for (let i = 0; i < 3; i++) await ask(heavy, busy.id);
    for (let i = 0; i < 3; i++) await ask(await visitor(app), liked.id);

    const popular = await discover(maker, { q: 'platypus', sort: 'popular' });
    expect(names(popular)).toEqual(['Platypus liked', 'Platypus busy', 'Platypus quiet']);
    expect(popular.list[1]?.figures).toMatchObject({ conversations: 4, users: 1 });
  });

  it('lets old days fall out of the 30-day window when the scores are refreshed', async () => {
    const maker = await signedInUser(db);
    const agent = await createAgent(app, maker, { name: 'Aging bot', visibility: 'public' });
    await ask(await visitor(app), agent.id);
    const before = (await db.select().from(apps).where(eq(apps.id, agent.id)))[0]!;
    expect(before.popularityScore).toBeCloseTo(0.5);

    await db.execute(`update app_user_days set day = day - 31 where app_id = '${agent.id}'`);
    await app.jobs.enqueue('popularity.refresh');
    expect(await app.jobs.runOnce()).toBe(1);
    const after = (await db.select().from(apps).where(eq(apps.id, agent.id)))[0]!;
    expect(after.popularityScore).toBe(0);
    expect(after.userCount).toBe(1);
  });
});
