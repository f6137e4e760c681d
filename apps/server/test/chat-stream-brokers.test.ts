import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createAgent, post, readStream, userCaller, visitorCaller } from './chat-stream-helpers.js';
import { startFakeOpenAI } from './fake-openai/index.js';
import { broker, ranking } from './fixtures/brokers.js';
import { buildTestApp, testDatabase } from './helper.js';

const app = await buildTestApp({ OFFLINE_STREAM_DELAY_MS: '0', VISITOR_TOKEN_RATE_LIMIT: '1000' });
const db = (await testDatabase()).handle.db;
const completions = '/core/chat/completions';

const acme = await broker(db, {
  title: '艾克米外汇',
  titleEn: 'Acme FX',
  externalId: 'acme',
  licenseNum: 2,
  serverNum: 5,
  currencyNum: 40,
  details: { regulators: ['FCA', 'ASIC'], founded: 2009, headquarters: 'London' },
});
const beta = await broker(db, { title: '贝塔市场', titleEn: 'Beta Markets', externalId: 'beta', licenseNum: 0, serverNum: 1, currencyNum: 8, isDemo: true });
const others = [];
for (let index = 1; index <= 12; index++) others.push(await broker(db, { title: `平台${index}号`, titleEn: `Platform No ${index}`, externalId: `p-${index}` }));
await ranking(db, 0, '2026-11-01', [acme, ...others]);
await ranking(db, 4, '2026-11-02', [beta]);

async function ask(content: string) {
  return readStream((await post(app, await visitorCaller(app), completions, { content })).body);
}

describe('the official assistant on broker questions, offline', () => {
  it("answers a named broker's licences from the broker table, with the data's date, and cites it", async () => {
    const stream = await ask('艾克米外汇有哪些监管牌照？');
    expect(stream.text).toContain('**艾克米外汇 (Acme FX)**（数据日期：2026-11-01）');
    expect(stream.text).toContain('- 监管牌照：2 个（FCA、ASIC）');
    expect(stream.text).toContain('- 排行榜：综合排名 #1');
    expect(stream.text).toContain('请到监管机构官网核实牌照');
    expect(stream.citations).toEqual([expect.objectContaining({ chunkId: 'broker:acme', fileName: '本站经纪商数据', heading: '艾克米外汇 (Acme FX)', fileId: null })]);
  });

  it('compares two brokers named in English side by side in a table, saying which is demo data', async () => {
    const stream = await ask('Compare Acme FX with beta markets');
    expect(stream.text.startsWith("Side by side, from Parley's broker data:")).toBe(true);
    expect(stream.text).toContain('| Fact | 艾克米外汇 (Acme FX) | 贝塔市场 (Beta Markets) |');
    expect(stream.text).toContain('| --- | --- | --- |');
    expect(stream.text).toContain('| Licences | 2 | 0 |');
    expect(stream.text).toContain('| Regulators | FCA, ASIC | — |');
    expect(stream.text).toContain('| Rankings | global ranking #1 | problem platforms #1 |');
    expect(stream.text).toContain('| Data as of | 2026-11-01 | 2026-11-02 |');
    expect(stream.text).toContain('| Demo data (fictional) | no | yes |');
    expect(stream.citations.map((citation) => citation.chunkId)).toEqual(['broker:acme', 'broker:beta']);
  });

  it('compares brokers named in Chinese with a table in Chinese', async () => {
    const stream = await ask('艾克米外汇和贝塔市场哪个好？');
    expect(stream.text.startsWith('根据本站的经纪商数据，对比如下：')).toBe(true);
    expect(stream.text).toContain('| 项目 | 艾克米外汇 (Acme FX) | 贝塔市场 (Beta Markets) |');
    expect(stream.text).toContain('| 监管机构 | FCA、ASIC | — |');
    expect(stream.text).toContain('| 演示数据（虚构） | 否 | 是 |');
  });

  it('lists the top ten of the ranking a question asks for, dated', async () => {
    const global = await ask('综合排行榜前十名是哪些？');
    expect(global.text).toContain('**综合排名**前 10 名（数据日期：2026-11-01）：');
    expect(global.text).toContain('1. 艾克米外汇 — 牌照 2 个，服务器 5 个，货币 40 种');
    expect(global.text).not.toContain('11. ');
    const problems = await ask('Which brokers are on the problem platforms ranking?');
    expect(problems.text).toContain('**Top 1 of the problem platforms** (data as of 2026-11-02):');
    expect(problems.text).toContain('1. 贝塔市场 — 0 licences, 1 servers, 8 currencies (demo data)');
  });

  it('still answers the FAQ question about the ranking tabs from the FAQ', async () => {
    const stream = await ask('右侧排行榜的四个标签分别是什么意思？');
    expect(stream.text).toMatch(/^右侧面板有四个排行榜标签/);
  });

  it('leaves broker data out of answers by agents', async () => {
    const owner = await userCaller();
    const agent = await createAgent(owner.owner.userId as string, { name: 'Tutor', visibility: 'public' });
    const stream = readStream((await post(app, owner, completions, { appId: agent.id, content: 'Tell me about Acme FX' })).body);
    expect(stream.citations).toEqual([]);
    expect(stream.text).not.toContain('Licences');
  });
});

const fake = await startFakeOpenAI({ apiKey: 'test-key', models: ['fake-model'] });
afterAll(() => fake.close());

describe('the official assistant on broker questions, with a model', () => {
  beforeEach(() => fake.reset());

  it('puts the broker facts, with their source and date, in the system message', async () => {
    const modelApp = await buildTestApp({ LLM_BASE_URL: fake.url, LLM_API_KEY: 'test-key', LLM_MODELS: 'fake-model', VISITOR_TOKEN_RATE_LIMIT: '1000' });
    const stream = readStream((await post(modelApp, await visitorCaller(modelApp), completions, { content: 'Is Acme FX licensed?' })).body);
    expect(stream.error).toBeUndefined();
    const system = (fake.requests.at(-1)?.body.messages as { role: string; content: string }[])[0];
    expect(system?.role).toBe('system');
    expect(system?.content).toContain("[1] Parley's broker data — 艾克米外汇 (Acme FX)");
    expect(system?.content).toContain('**艾克米外汇 (Acme FX)** (data as of 2026-11-01)');
    expect(stream.citations[0]).toMatchObject({ chunkId: 'broker:acme' });
  });
});

