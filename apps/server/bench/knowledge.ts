// `npm run bench:knowledge`: knowledge retrieval quality, latency and ingestion throughput.
//  1. Quality on the shipped corpus (knowledge-corpus/): recall@5 and MRR for full-text search,
//     and hybrid (fused with embeddings by RRF). No embedding model is reachable here, so hybrid
//     runs on the fake OpenAI server's hashed character n-gram embedder — a TEST PEER that sees
//     spelling, not meaning: its hybrid figure shows the fusion path works, not what a real model adds.
//  2. Search latency (p50/p95, the chat's own query, 200 questions after 20 warm-ups, one at a
//     time) with KNOWLEDGE_BENCH_SIZES chunks (default 10000,100000) in one agent, generated from
//     the corpus sentences; on PGlite, and on PostgreSQL when BENCH_DATABASE_URL or
//     TEST_DATABASE_URL is set (a scratch database made and dropped there).
//  3. Ingestion: MB of plain text per second through chunking, segmentation and multi-row insert.
//  4. Vector search at KNOWLEDGE_BENCH_VECTOR_SIZE chunks (default 100000, one of the sizes above):
//     exact, then through the model's HNSW index as PostgreSQL gets it (knowledge-vectors.ts);
//     targets p95 ≤ 50 ms and recall@5 against the exact scan ≥ 0.95. On PGlite the server keeps
//     the exact scan; the bench builds the index there too, to measure it where PostgreSQL lacks pgvector.
// Figures go to the console and bench-results/knowledge.json. KNOWLEDGE_BENCH_SKIP_PGLITE_100K=1
// skips PGlite at 100,000 chunks (slow to fill on a loaded machine); KNOWLEDGE_BENCH_DRIVERS=postgres
// (or pglite) runs one driver only.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Database, type DatabaseHandle } from '../src/db/client.js';
import { migrateDatabase } from '../src/db/migrate.js';
import { chunkSearchFields, knowledgeSearchRepo } from '../src/db/repos/knowledge-search-repo.js';
import { apps, knowledgeChunks, users } from '../src/db/schema/index.js';
import { createEmbedder } from '../src/llm/embedder.js';
import { createKnowledgeEmbeddings } from '../src/services/knowledge/knowledge-embeddings.js';
import { createKnowledgeSearch } from '../src/services/knowledge/knowledge-search.js';
import { startFakeOpenAI } from '../test/fake-openai/index.js';
import { fillChunks } from './knowledge-chunks.js';
import { loadCorpus, qualityQuestions } from './knowledge-corpus/index.js';
import { measureQuality, seedQualityCorpus } from './knowledge-quality.js';
import { measureVectorSearch, type VectorFigures } from './knowledge-vectors.js';
import { createScratchDatabase } from './scratch-database.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const sizes = (process.env.KNOWLEDGE_BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || '';
const warmups = 20;
const samples = 200;
const ingestMegabytes = Number(process.env.KNOWLEDGE_BENCH_INGEST_MB ?? 4);
const target = { p95: 50, recallAt5: 0.9, vectorP95: 50, vectorRecallAt5: 0.95 };
const vectorSize = Number(process.env.KNOWLEDGE_BENCH_VECTOR_SIZE ?? 100_000);
const vectorResults: ({ driver: string; chunks: number; load: string } & VectorFigures)[] = [];

const say = (line: string) => process.stdout.write(`${line}\n`);
const silentLog = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, level: 'silent', silent() {}, child: () => silentLog };
const load = () => loadavg().map((value) => value.toFixed(1)).join(' ');

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, index)] as number) * 10) / 10;
}

async function openBenchDatabase(driver: 'pglite' | 'postgres'): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (driver === 'pglite') {
    const handle = await openDatabase({ memory: true });
    await migrateDatabase(handle);
    // one connection: the HNSW build of the vector figures gets room for its graph
    await handle.db.execute(sql`set maintenance_work_mem = '1GB'`);
    return { handle, drop: () => handle.close() };
  }
  // every connection of the pool: the HNSW build of the vector figures gets room for its graph
  const scratch = await createScratchDatabase(pgUrl, 'parley_knowledge_bench', { maintenance_work_mem: '1GB' });
  const handle = await openDatabase({ databaseUrl: scratch.url, poolSize: 4 });
  await migrateDatabase(handle);
  return {
    handle,
    drop: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}

async function benchAgent(db: Database): Promise<string> {
  const [user] = await db.insert(users).values({ username: `bench-${randomBytes(4).toString('hex')}` }).returning();
  const [app] = await db.insert(apps).values({ ownerId: user?.id, name: 'Knowledge bench' }).returning();
  return app?.id as string;
}

async function timeSearches(search: (question: string) => Promise<unknown>) {
  const questions = qualityQuestions.map((item) => item.question);
  for (let index = 0; index < warmups; index++) await search(questions[index % questions.length] as string);
  const times: number[] = [];
  for (let index = 0; index < samples; index++) {
    const started = performance.now();
    await search(questions[index % questions.length] as string);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: percentile(times, 100) };
}

async function latency(driver: 'pglite' | 'postgres') {
  const results: { driver: string; chunks: number; fillSeconds: number; p50: number; p95: number; max: number; load: string }[] = [];
  for (const size of sizes) {
    if (driver === 'pglite' && size >= 100_000 && process.env.KNOWLEDGE_BENCH_SKIP_PGLITE_100K === '1') continue;
    const { handle, drop } = await openBenchDatabase(driver);
    try {
      const db: Database = handle.db;
      const appId = await benchAgent(db);
      const otherAppId = await benchAgent(db);
      // another agent's chunks share the table, as in a real deployment
      await fillChunks(db, otherAppId, Math.min(size, 5000));
      const fillSeconds = Math.round((await fillChunks(db, appId, size)) * 10) / 10;
      const repo = knowledgeSearchRepo(db);
      const figures = await timeSearches((question) => repo.search(appId, question, 5));
      const row = { driver, chunks: size, fillSeconds, ...figures, load: load() };
      results.push(row);
      say(`  ${driver.padEnd(8)} ${String(size).padStart(7)} chunks  p50 ${String(figures.p50).padStart(6)} ms  p95 ${String(figures.p95).padStart(6)} ms  max ${figures.max} ms  (filled in ${fillSeconds} s, load ${row.load})`);
      if (size === vectorSize) {
        const vectors = { driver, chunks: size, ...(await measureVectorSearch(db, appId, otherAppId)), load: load() };
        vectorResults.push(vectors);
        const exact = vectors.exact ? `exact p50 ${vectors.exact.p50} ms p95 ${vectors.exact.p95} ms` : 'no exact figure';
        const indexed = vectors.indexed
          ? `HNSW p50 ${vectors.indexed.p50} ms p95 ${vectors.indexed.p95} ms (÷ exact p95 ${vectors.exact ? (vectors.indexed.p95 / vectors.exact.p95).toFixed(2) : '-'}), recall@5 ${vectors.indexed.recallAt5}, built in ${vectors.indexed.buildSeconds} s`
          : `no index: ${vectors.skipped}`;
        say(`  ${driver.padEnd(8)} ${String(size).padStart(7)} vectors (${vectors.dimensions} dimensions): ${exact}; ${indexed} (load ${vectors.load})`);
      }
    } finally {
      await drop();
    }
  }
  return results;
}

/** Plain text through paragraph chunking (about 800 characters), segmentation and multi-row inserts. */
async function ingestion(driver: 'pglite' | 'postgres') {
  const corpus = loadCorpus();
  const paragraphs: string[] = [];
  let bytes = 0;
  for (let round = 0; bytes < ingestMegabytes * 1024 * 1024; round++) {
    for (const passage of corpus) {
      const text = `${passage.content} (${round})`;
      paragraphs.push(text);
      bytes += Buffer.byteLength(text);
    }
  }
  const { handle, drop } = await openBenchDatabase(driver);
  try {
    const db: Database = handle.db;
    const appId = await benchAgent(db);
    const started = performance.now();
    let segmentMs = 0;
    let chunk = '';
    let ordinal = 0;
    let rows: (typeof knowledgeChunks.$inferInsert)[] = [];
    const flushChunk = () => {
      const segmentStarted = performance.now();
      rows.push({ appId, ordinal: ordinal++, content: chunk, ...chunkSearchFields({ title: null, body: chunk }) });
      segmentMs += performance.now() - segmentStarted;
      chunk = '';
    };
    for (const paragraph of paragraphs) {
      chunk = chunk ? `${chunk}\n\n${paragraph}` : paragraph;
      if (chunk.length >= 800) flushChunk();
      if (rows.length >= 500) {
        await db.insert(knowledgeChunks).values(rows);
        rows = [];
      }
    }
    if (chunk) flushChunk();
    if (rows.length > 0) await db.insert(knowledgeChunks).values(rows);
    const seconds = (performance.now() - started) / 1000;
    const megabytes = bytes / 1024 / 1024;
    const result = {
      driver,
      megabytes: Math.round(megabytes * 10) / 10,
      chunks: ordinal,
      mbPerSecond: Math.round((megabytes / seconds) * 100) / 100,
      segmentOnlyMbPerSecond: Math.round((megabytes / (segmentMs / 1000)) * 100) / 100,
      load: load(),
    };
    say(`  ${driver.padEnd(8)} ${result.megabytes} MB in ${result.chunks} chunks: ${result.mbPerSecond} MB/s (segmentation alone ${result.segmentOnlyMbPerSecond} MB/s, load ${result.load})`);
    return result;
  } finally {
    await drop();
  }
}

async function quality() {
  const { handle, drop } = await openBenchDatabase('pglite');
  const fake = await startFakeOpenAI({ apiKey: 'bench-key' });
  try {
    const db: Database = handle.db;
    const { appId, chunkIds } = await seedQualityCorpus(db);
    const repo = knowledgeSearchRepo(db);
    const text = await measureQuality((question, limit) => repo.search(appId, question, limit), chunkIds);
    const config = loadConfig({ LLM_BASE_URL: fake.url, LLM_API_KEY: 'bench-key', LLM_MODELS: 'fake', EMBEDDING_MODEL: 'fake-ngram-embedding' });
    const embedder = createEmbedder(config);
    if (!embedder) throw new Error('no embedder');
    const embeddings = createKnowledgeEmbeddings({ db, embedder, log: silentLog as never });
    await embeddings.embedChunks(appId, [...chunkIds.values()]);
    const search = createKnowledgeSearch({ repo, embeddings, minSimilarity: 0.3, threshold: 0.5 });
    const hybrid = await measureQuality((question, limit) => search.search(appId, question, limit), chunkIds);
    for (const [name, report] of [['text', text], ['hybrid*', hybrid]] as const) {
      say(`  ${name.padEnd(8)} recall@5 ${report.recallAt5.toFixed(3)}  MRR ${report.mrr.toFixed(3)}  (${report.questions} questions, ${report.misses.length} missed)`);
    }
    say('  * hybrid with the fake server\'s hashed n-gram embedder (a test peer, not a model)');
    return { text, hybrid };
  } finally {
    await fake.close();
    await drop();
  }
}

const drivers = (pgUrl ? ['pglite', 'postgres'] : ['pglite']).filter((driver) =>
  (process.env.KNOWLEDGE_BENCH_DRIVERS ?? 'pglite,postgres').split(',').includes(driver),
) as ('pglite' | 'postgres')[];
say(`knowledge bench: ${cpus().length} CPUs, load ${load()}${pgUrl ? '' : ' (set BENCH_DATABASE_URL for PostgreSQL figures)'}`);
say('quality (shipped corpus):');
const qualityResults = await quality();
say('ingestion (chunk + segment + insert, plain text):');
const ingestResults = [];
for (const driver of drivers) ingestResults.push(await ingestion(driver));
say('search latency (one agent, chat query, limit 5):');
const latencyResults = [];
for (const driver of drivers) latencyResults.push(...(await latency(driver)));

const failures = [
  ...(qualityResults.text.recallAt5 < target.recallAt5 ? [`text recall@5 ${qualityResults.text.recallAt5} < ${target.recallAt5}`] : []),
  ...latencyResults.filter((row) => row.chunks >= 100_000 && row.p95 > target.p95).map((row) => `${row.driver} p95 ${row.p95} ms > ${target.p95} ms at ${row.chunks} chunks`),
  ...vectorResults.flatMap((row) =>
    row.indexed
      ? [
          ...(row.indexed.p95 > target.vectorP95 ? [`${row.driver} HNSW p95 ${row.indexed.p95} ms > ${target.vectorP95} ms at ${row.chunks} vectors`] : []),
          ...(row.indexed.recallAt5 < target.vectorRecallAt5 ? [`${row.driver} HNSW recall@5 ${row.indexed.recallAt5} < ${target.vectorRecallAt5}`] : []),
        ]
      : [],
  ),
];
mkdirSync(`${root}bench-results`, { recursive: true });
writeFileSync(
  `${root}bench-results/knowledge.json`,
  `${JSON.stringify({ at: new Date().toISOString(), target, quality: qualityResults, ingestion: ingestResults, latency: latencyResults, vectors: vectorResults, failures }, null, 2)}\n`,
);
say(failures.length ? `MISSED: ${failures.join('; ')}` : 'all targets met');
