import { describe, expect, it } from 'vitest';
import { adPaths, brokerPaths, dataCipher, rankingPage, siteConfigPath, type RankingPage } from '@parley/contracts';
import { decryptData } from './web-test-support.js';
import { broker, promo, ranking } from './fixtures/brokers.js';
import { call, signedInUser, visitor } from './fixtures/chats.js';
import { buildTestApp, testDatabase } from './helper.js';

const constants = { keyConstant: 'test key constant', ivConstant: 'test iv constant' };
const app = await buildTestApp({
  VISITOR_TOKEN_RATE_LIMIT: '1000',
  DATA_CIPHER_KEY: constants.keyConstant,
  DATA_CIPHER_IV: constants.ivConstant,
});
const db = (await testDatabase()).handle.db;
const guest = await visitor(app);

// 23 brokers ranked in category 0 (today, plus an older snapshot that must not show) and 3 in category 4.
const ranked: Awaited<ReturnType<typeof broker>>[] = [];
for (let index = 1; index <= 23; index += 1) {
  ranked.push(await broker(db, { title: `经纪商${index}`, titleEn: `Broker ${index}`, externalId: `ext-${index}`, licenseNum: index, serverNum: index * 2, currencyNum: 3 }));
}
await ranking(db, 0, '2026-11-01', ranked);
await ranking(db, 0, '2026-10-01', [...ranked].reverse());
await ranking(db, 4, '2026-11-02', ranked.slice(20));
const noExternal = await broker(db, { title: 'Zeta 外汇 100%_x', titleEn: 'Zeta FX', imgUrl: 'https://cdn.example.com/zeta.png' });

async function rankingsOf(query: Record<string, unknown>): Promise<RankingPage> {
  const response = await call(app, guest, 'GET', brokerPaths.rankings, query);
  expect(response.statusCode).toBe(200);
  const { data } = response.json();
  expect(typeof data).toBe('string');
  return rankingPage.parse(await decryptData(data, constants));
}

describe('GET /rankings', () => {
  it('sends data the browser decrypt code turns back into the page (server encrypts, web decrypts)', async () => {
    const page = await rankingsOf({ page: 1, category: 0 });
    expect(page.totalPages).toBe(3);
    expect(page.asOf).toBe('2026-11-01');
    expect(page.list).toHaveLength(10);
    expect(page.list[0]).toEqual({
      id: 'ext-1',
      rank: 1,
      title: '经纪商1',
      titleEn: 'Broker 1',
      img: null,
      licenseNum: 1,
      serverNum: 2,
      currencyNum: 3,
      isDemo: false,
    });
  });

  it('is not readable without the constants', async () => {
    const { data } = (await call(app, guest, 'GET', brokerPaths.rankings, { page: 1, category: 0 })).json();
    expect(data).not.toContain('经纪商');
    await expect(decryptData(data, { keyConstant: dataCipher.defaultKeyConstant, ivConstant: 'other' })).rejects.toThrow();
  });

  it('pages by ten from the newest snapshot, in rank order', async () => {
    expect((await rankingsOf({ page: 2, category: 0 })).list.map((item) => item.rank)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect((await rankingsOf({ page: 3, category: 0 })).list.map((item) => item.id)).toEqual(['ext-21', 'ext-22', 'ext-23']);
    expect((await rankingsOf({ page: 4, category: 0 })).list).toEqual([]);
  });

  it('keeps categories apart and answers an empty list for a category with no ranking yet', async () => {
    const problems = await rankingsOf({ page: 1, category: 4 });
    expect(problems.list.map((item) => item.id)).toEqual(['ext-21', 'ext-22', 'ext-23']);
    expect(problems.totalPages).toBe(1);
    expect(await rankingsOf({ page: 1, category: 3 })).toEqual({ list: [], totalPages: 0, asOf: null });
  });

  it('defaults to page 1 of the global ranking', async () => {
    expect((await rankingsOf({})).list[0]?.id).toBe('ext-1');
  });

  it.each([
    [{ page: 0, category: 0 }, 'page starts at 1'],
    [{ page: 'two', category: 0 }, 'page must be a number'],
    [{ page: 1, category: 2 }, 'category must be one of 0, 1, 3, 4'],
    [{ page: 1001, category: 0 }, 'page must be at most 1000'],
  ])('refuses %o with a field error', async (query, message) => {
    const response = await call(app, guest, 'GET', brokerPaths.rankings, query);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(message);
  });

  it('answers signed-in users under /api too, and nobody without a token', async () => {
    const user = await signedInUser(db);
    expect((await call(app, user, 'GET', brokerPaths.rankings, { page: 1, category: 0 })).statusCode).toBe(200);
    expect((await app.inject({ url: `/api${brokerPaths.rankings}?page=1&category=0` })).statusCode).toBe(401);
  });
});

describe('GET /dealer/search', () => {
  async function search(kw: string) {
    const response = await call(app, guest, 'GET', brokerPaths.search, { kw });
    expect(response.statusCode).toBe(200);
    return (await decryptData(response.json().data, constants)) as { id: string; title: string; titleEn: string }[];
  }

  it('finds brokers by Chinese or English name, case-insensitively, names starting with it first', async () => {
    expect((await search('zeta')).map((item) => item.id)).toEqual([noExternal.id]);
    expect((await search('外汇'))[0]).toEqual({ id: noExternal.id, title: 'Zeta 外汇 100%_x', titleEn: 'Zeta FX', imgUrl: 'https://cdn.example.com/zeta.png' });
    const matches = await search('broker 2');
    expect(matches.map((item) => item.titleEn)).toEqual(['Broker 2', 'Broker 20', 'Broker 21', 'Broker 22', 'Broker 23']);
  });

  it('treats % and _ as plain characters', async () => {
    expect((await search('%_')).map((item) => item.id)).toEqual([noExternal.id]);
    expect(await search('_')).toHaveLength(1);
  });

  it('returns at most ten matches and an empty list when nothing matches', async () => {
    expect(await search('broker')).toHaveLength(10);
    expect(await search('no such broker')).toEqual([]);
  });

  it.each(['', '   '])('refuses the blank keyword %j with 搜索内容不能为空！', async (kw) => {
    const response = await call(app, guest, 'GET', brokerPaths.search, { kw });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain('搜索内容不能为空！');
  });
});

describe('POST /dealer/detail and GET /dealer/ad', () => {
  it('gives a broker by its public id with its current placings', async () => {
    const response = await call(app, guest, 'POST', brokerPaths.detail, { id: 'ext-22' });
    expect(response.json().data).toMatchObject({
      id: 'ext-22',
      title: '经纪商22',
      licenseNum: 22,
      rankings: [
        { category: 0, rank: 22, asOf: '2026-11-01' },
        { category: 4, rank: 2, asOf: '2026-11-02' },
      ],
    });
  });

  it('finds a broker imported without a main-site id by our id', async () => {
    expect((await call(app, guest, 'POST', brokerPaths.detail, { id: noExternal.id })).json().data.title).toBe('Zeta 外汇 100%_x');
  });

  it('answers 404 for an unknown id and 400 for a blank one', async () => {
    expect((await call(app, guest, 'POST', brokerPaths.detail, { id: 'nope' })).statusCode).toBe(404);
    expect((await call(app, guest, 'POST', brokerPaths.detail, { id: ' ' })).statusCode).toBe(400);
  });

  it("gives the broker's own banner, or null when it has none", async () => {
    await promo(db, { type: 2, brokerId: ranked[0]!.id, title: 'Broker 1 promo' });
    expect((await call(app, guest, 'GET', brokerPaths.ad, { id: 'ext-1' })).json().data.title).toBe('Broker 1 promo');
    expect((await call(app, guest, 'GET', brokerPaths.ad, { id: 'ext-2' })).json().data).toBeNull();
    expect((await call(app, guest, 'GET', brokerPaths.ad, { id: 'nope' })).statusCode).toBe(404);
  });
});

describe('GET /home/ad', () => {
  it('shows only enabled banners of the slot inside their window', async () => {
    const hour = 3600_000;
    await promo(db, { type: 1, title: 'off', enabled: false });
    await promo(db, { type: 1, title: 'ended', endsAt: new Date(Date.now() - hour) });
    await promo(db, { type: 1, title: 'not yet', startsAt: new Date(Date.now() + hour) });
    await promo(db, { type: 1, title: 'weightless', weight: 0 });
    expect((await call(app, guest, 'GET', adPaths.home, { type: 1 })).json().data).toBeNull();
    await promo(db, { type: 1, title: 'live', startsAt: new Date(Date.now() - hour), endsAt: new Date(Date.now() + hour) });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await call(app, guest, 'GET', adPaths.home, { type: 1 })).json().data).toMatchObject({ title: 'live', href: 'https://example.com/promo' });
    }
  });

  it("shows the banner written for the reader's language first, one for every language otherwise, and never one for another language", async () => {
    await promo(db, { type: 2, title: '中文横幅', languages: ['zh-CN', 'zh-TW'] });
    await promo(db, { type: 2, title: 'English banner', languages: ['en-US'] });
    await promo(db, { type: 2, title: 'Every language', weight: 1000 });
    const shown = async (lang?: string) => (await call(app, guest, 'GET', adPaths.home, lang ? { type: 2, lang } : { type: 2 })).json().data?.title;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(await shown('zh-TW')).toBe('中文横幅');
      expect(await shown('en-US')).toBe('English banner');
      expect(await shown('ko-KR')).toBe('Every language');
    }
    // a reader whose language is not said may get any banner
    expect(['中文横幅', 'English banner', 'Every language']).toContain(await shown());
    const wrong = await call(app, guest, 'GET', adPaths.home, { type: 2, lang: 'fr-FR' });
    expect(wrong.statusCode).toBe(400);
    expect(JSON.stringify(wrong.json())).toContain('lang must be one of en-US');
  });

  it('refuses a slot other than 1 or 2', async () => {
    const response = await call(app, guest, 'GET', adPaths.home, { type: 3 });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain('type must be 1 or 2');
  });
});

describe('GET /site/config', () => {
  it('hands the browser the data constants and the broker page templates without any token', async () => {
    const response = await app.inject({ url: siteConfigPath });
    expect(response.json().data).toMatchObject({
      dataCipher: constants,
      brokerSite: { detailUrl: 'https://www.example.com/dealer/{id}', searchUrl: 'https://www.example.com/search?keyword={kw}' },
      regionGate: { primaryHost: '', ignoreCookie: 'ignore_ip', blockedCodes: ['CN'] },
    });
  });
});
