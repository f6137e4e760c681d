// `npm run bench:discover`: discover list and search latency with 10,000 public agents. Builds the
// real server in this process on an in-memory PGlite (or, with DISCOVER_BENCH_DATABASE_URL, a fresh
// database on that PostgreSQL server), seeds the agents in bulk (names and descriptions in Chinese
// and English, spread-out popularity, likes and publish dates, 50,000 daily-use rows), listens on
// loopback and times real HTTP requests: 200 per case after 20 warm-ups, one at a time.
// p50/p95 per case go to the console and bench-results/discover.json. Loopback only; bounded in time.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { agentPaths, headers } from '@parley/contracts';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Database, type DatabaseHandle } from '../src/db/client.js';
import { migrateDatabase } from '../src/db/migrate.js';
import { tokenRepo } from '../src/db/repos/token-repo.js';
import { userRepo } from '../src/db/repos/user-repo.js';
import { appUserDays, apps } from '../src/db/schema/index.js';
import { createOpaqueToken } from '../src/services/accounts/opaque-token.js';
import { segmentForIndex } from '../src/text/segment.js';
import { createScratchDatabase } from './scratch-database.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const agentCount = 10_000;
const makers = 200;
const warmups = 20;
const samples = 200;
const targets = { p50: 20, p95: 50 };

const zhTopics = ['外汇交易', '黄金行情', '点差对比', '杠杆风险', '平台监管', '技术分析', '原油期货', '比特币', '美元指数', '止损策略'];
const zhRoles = ['助手', '老师', '顾问', '分析师', '教练'];
const enTopics = ['forex', 'gold', 'spreads', 'leverage', 'regulation', 'charting', 'crude oil', 'bitcoin', 'dollar index', 'stop loss'];
const enRoles = ['assistant', 'tutor', 'advisor', 'analyst', 'coach'];
const categories = ['general', 'forex', 'investing', 'education', 'writing', 'productivity', 'lifestyle', 'fun'];

const say = (line: string) => process.stdout.write(`${line}\n`);
const pick = <T>(list: readonly T[], n: number): T => list[n % list.length] as T;

async function openBenchDatabase(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  const adminUrl = process.env.DISCOVER_BENCH_DATABASE_URL;
  if (!adminUrl) return { handle: await openDatabase({ memory: true }), drop: async () => undefined };
  const scratch = await createScratchDatabase(adminUrl, 'parley_discover_bench');
  return { handle: await openDatabase({ databaseUrl: scratch.url, poolSize: 4 }), drop: scratch.drop };
}

async function seed(handle: DatabaseHandle) {
  const db: Database = handle.db;
  const owners: string[] = [];
  for (let i = 0; i < makers; i++) owners.push((await userRepo(db).create({ username: `bench-maker-${i}` })).id);
  const now = Date.now();
  const rows: (typeof apps.$inferInsert)[] = [];
  for (let i = 0; i < agentCount; i++) {
    const chinese = i % 2 === 0;
    const name = chinese ? `${pick(zhTopics, i)}${pick(zhRoles, i >> 3)} ${i}` : `${pick(enTopics, i)} ${pick(enRoles, i >> 3)} ${i}`;
    const intro = chinese
      ? `回答关于${pick(zhTopics, i + 3)}和${pick(zhTopics, i + 7)}的问题，适合新手`
      : `Answers questions about ${pick(enTopics, i + 3)} and ${pick(enTopics, i + 7)} for beginners`;
    rows.push({
      ownerId: pick(owners, i),
      name,
      intro,
      category: pick(categories, i * 7),
      systemPrompt: 'You are a helpful assistant.',
      visibility: 'public',
      searchText: `${segmentForIndex(name)} ${segmentForIndex(intro)}`,
      conversationCount: (i * 37) % 500,
      userCount: (i * 13) % 200,
      goodCount: (i * 17) % 90,
      badCount: (i * 11) % 30,
      popularityScore: ((i * 7919) % 1000) / 10,
      publishedAt: new Date(now - ((i * 104_729) % (400 * 86_400_000))),
    });
  }
  const ids: string[] = [];
  for (let start = 0; start < rows.length; start += 500) {
    const inserted = await db.insert(apps).values(rows.slice(start, start + 500)).returning({ id: apps.id });
    ids.push(...inserted.map((row) => row.id));
  }
  const days: (typeof appUserDays.$inferInsert)[] = [];
  for (let i = 0; i < 50_000; i++) {
    days.push({ appId: pick(ids, i * 31), userId: pick(owners, i), day: new Date(now - (i % 30) * 86_400_000).toISOString().slice(0, 10) });
  }
  for (let start = 0; start < days.length; start += 1000) {
    await db.insert(appUserDays).values(days.slice(start, start + 1000)).onConflictDoNothing();
  }
  await db.execute(sql`analyze`);
  const user = await userRepo(db).create({ username: 'bench-reader' });
  const { token, tokenHash } = createOpaqueToken();
  await tokenRepo(db).insert({ kind: 'user', userId: user.id, tokenHash, expiresAt: new Date(now + 3_600_000) });
  return token;
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, index)] ?? 0) * 100) / 100;
}

async function main() {
  const { handle, drop } = await openBenchDatabase();
  try {
    await migrateDatabase(handle);
    const seedStart = performance.now();
    const token = await seed(handle);
    say(`seeded ${agentCount} public agents in ${Math.round(performance.now() - seedStart)} ms (${handle.driver})`);

    const config = loadConfig({ LOG_LEVEL: 'warn', DATA_DIR: ':memory:', WEB_DIST_DIR: '/nonexistent/parley-web-dist', DEMO_DATA: 'off' });
    const app = await buildApp({ config, db: handle });
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    const get = async (query: Record<string, string>) => {
      const response = await fetch(`${origin}/api${agentPaths.discover}?${new URLSearchParams(query)}`, {
        headers: { [headers.authorization]: `Bearer ${token}` },
      });
      const body = (await response.json()) as { code: number; data: { list: unknown[]; nextCursor: string | null } };
      if (body.code !== 0) throw new Error(`discover refused: ${JSON.stringify(body)}`);
      return body.data;
    };

    // a cursor five pages deep, so keyset paging is measured where offsets would hurt
    let deepCursor: string | null = null;
    for (let page = 0; page < 5; page++) {
      const query: Record<string, string> = deepCursor ? { sort: 'popular', cursor: deepCursor } : { sort: 'popular' };
      deepCursor = (await get(query)).nextCursor;
    }

    const cases: { name: string; query: Record<string, string> }[] = [
      { name: 'popular, first page', query: { sort: 'popular' } },
      { name: 'newest, first page', query: { sort: 'newest' } },
      { name: 'best rated, first page', query: { sort: 'rating' } },
      { name: 'popular, category forex', query: { sort: 'popular', category: 'forex' } },
      { name: 'popular, 6th page (cursor)', query: { sort: 'popular', cursor: deepCursor ?? '' } },
      { name: 'search "leverage" (en)', query: { q: 'leverage', sort: 'popular' } },
      { name: 'search "外汇" (zh)', query: { q: '外汇', sort: 'popular' } },
      { name: 'search "点差对比" (zh), newest', query: { q: '点差对比', sort: 'newest' } },
      { name: 'search "gold beginners" (en, 2 words)', query: { q: 'gold beginners', sort: 'rating' } },
    ];
    const results = [];
    for (const { name, query } of cases) {
      let found = 0;
      for (let i = 0; i < warmups; i++) found = (await get(query)).list.length;
      const times: number[] = [];
      for (let i = 0; i < samples; i++) {
        const started = performance.now();
        await get(query);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const result = { name, results: found, p50: percentile(times, 50), p95: percentile(times, 95) };
      results.push(result);
      const verdict = result.p50 <= targets.p50 && result.p95 <= targets.p95 ? 'ok' : 'SLOW';
      say(`${name.padEnd(40)} ${String(found).padStart(3)} cards  p50 ${result.p50} ms  p95 ${result.p95} ms  ${verdict}`);
    }
    await app.close();
    mkdirSync(`${root}bench-results`, { recursive: true });
    writeFileSync(
      `${root}bench-results/discover.json`,
      `${JSON.stringify({ driver: handle.driver, agents: agentCount, samples, targetsMs: targets, results }, null, 2)}\n`,
    );
  } finally {
    await handle.close();
    await drop();
  }
}

await main();
