import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { adPaths, brokerPaths, rankingCategories, rankingPage, type RankingCategory } from '@parley/contracts';
import { decryptData } from './web-test-support.js';
import { ads, apps, brokers, knowledgeChunks } from '../src/db/schema/index.js';
import { loadDemoDataOnFirstStart, removeDemoData } from '../src/seed/demo-data.js';
import { call, visitor } from './fixtures/chats.js';
import { buildTestApp, testDatabase } from './helper.js';

const constants = { keyConstant: 'demo test key', ivConstant: 'demo test iv' };
const db = (await testDatabase()).handle.db;
const count = async (table: typeof brokers | typeof ads) => (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n ?? 0;

describe('the demo content', () => {
  it('is not loaded with DEMO_DATA=off', async () => {
    await buildTestApp({ DEMO_DATA: 'off' });
    expect(await count(brokers)).toBe(0);
  });

  it('loads on the first start with an empty database: fictional brokers ranked in every category, ads and agents, all marked', async () => {
    const app = await buildTestApp({ DEMO_DATA: 'on', VISITOR_TOKEN_RATE_LIMIT: '1000', DATA_CIPHER_KEY: constants.keyConstant, DATA_CIPHER_IV: constants.ivConstant });
    const guest = await visitor(app);
    for (const category of rankingCategories as readonly RankingCategory[]) {
      const page = rankingPage.parse(await decryptData((await call(app, guest, 'GET', brokerPaths.rankings, { page: 1, category })).json().data, constants));
      expect(page.list.length).toBeGreaterThan(5);
      expect(page.list.every((item) => item.isDemo)).toBe(true);
    }
    // each slot's banner in the reader's language: Chinese in zh-CN and zh-TW, English in the others
    for (const type of [1, 2]) {
      const chinese = (await call(app, guest, 'GET', adPaths.home, { type, lang: 'zh-TW' })).json().data;
      expect(chinese).toMatchObject({ isDemo: true, href: 'https://www.example.com', title: expect.stringMatching(/^演示广告：/) });
      const english = (await call(app, guest, 'GET', adPaths.home, { type, lang: 'es-ES' })).json().data;
      expect(english).toMatchObject({ isDemo: true, title: expect.stringMatching(/^Demo ad: /) });
      expect(decodeURIComponent(english.coverUrl)).not.toMatch(/[\u4e00-\u9fff]/);
    }
    const agents = await db.select().from(apps).where(eq(apps.isOfficial, false));
    expect(agents).toHaveLength(4);
    expect(agents.every((agent) => agent.visibility === 'public' && /演示/.test(agent.name))).toBe(true);
    // each its own built-in avatar, which the server serves
    expect(new Set(agents.map((agent) => agent.avatarUrl)).size).toBe(4);
    for (const agent of agents) expect((await app.inject({ url: agent.avatarUrl! })).headers['content-type']).toMatch(/^image\/svg\+xml/);
    // each in one language: no English suggested question among Chinese ones
    expect(agents.flatMap((agent) => agent.suggestedQuestions).filter((question) => !/[\u4e00-\u9fff]/.test(question))).toEqual([]);
    const knowledge = await db.select().from(knowledgeChunks).where(eq(knowledgeChunks.appId, agents[0]?.id ?? ''));
    expect(knowledge.length).toBeGreaterThan(2);
    const [lanhai] = await db.select().from(brokers).where(eq(brokers.externalId, 'demo-lanhai'));
    expect(lanhai?.details).toMatchObject({ note: expect.stringContaining('Demo data') });
  });

  it('loads once: a later start, or an operator who removed it, does not bring it back', async () => {
    const before = await count(brokers);
    expect(await loadDemoDataOnFirstStart(db, { promoUrl: 'https://www.example.com' })).toBeNull();
    expect(await count(brokers)).toBe(before);
    const removed = await removeDemoData(db);
    expect(removed).toEqual({ brokers: before, ads: 4, agents: 4 });
    await buildTestApp({ DEMO_DATA: 'on' });
    expect(await count(brokers)).toBe(0);
    expect(await count(ads)).toBe(0);
  });
});
