import type { FastifyBaseLogger } from 'fastify';
import { knowledgePaths } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { chunkSearchFields, knowledgeSearchRepo } from '../src/db/repos/knowledge-search-repo.js';
import { knowledgeChunks } from '../src/db/schema/index.js';
import { createEmbedder } from '../src/llm/embedder.js';
import type { RetrievedPassage } from '../src/llm/provider.js';
import { createKnowledgeEmbeddings } from '../src/services/knowledge/knowledge-embeddings.js';
import { createKnowledgeSearch, fuseRankings, similarityScore } from '../src/services/knowledge/knowledge-search.js';
import { createAgent, post, readStream, userCaller, visitorCaller } from './chat-stream-helpers.js';
import { startFakeOpenAI } from './fake-openai/index.js';
import { call, type Caller } from './fixtures/chats.js';
import { listFiles, runJobs, textFile, uploadAccepted } from './fixtures/knowledge.js';
import { buildTestApp, testDatabase } from './helper.js';

const fake = await startFakeOpenAI({ apiKey: 'test-key', models: ['fake-model'] });
afterAll(() => fake.close());
const handle = (await testDatabase()).handle;
const db: Database = handle.db;
const owner = await userCaller();
const modelConfig = { LLM_BASE_URL: fake.url, LLM_API_KEY: 'test-key', LLM_MODELS: 'fake-model', EMBEDDING_MODEL: 'fake-embedding', EMBEDDING_MIN_SIMILARITY: '0.3' };

/** A logger that keeps what it was told, to check what is said and how often. */
function recordingLogger() {
  const lines: { level: string; message: string }[] = [];
  const at = (level: string) => (first: unknown, second?: unknown) => {
    lines.push({ level, message: typeof first === 'string' ? first : String(second) });
  };
  const log = { info: at('info'), warn: at('warn'), error: at('error'), debug: at('debug'), trace: at('trace'), fatal: at('fatal'), level: 'info', silent: () => undefined };
  return { lines, log: { ...log, child: () => log } as unknown as FastifyBaseLogger };
}

function retrieval() {
  const recorded = recordingLogger();
  const embedder = createEmbedder(loadConfig(modelConfig));
  if (!embedder) throw new Error('EMBEDDING_MODEL is set, so there must be an embedder');
  const embeddings = createKnowledgeEmbeddings({ db, embedder, log: recorded.log });
  return { ...recorded, search: createKnowledgeSearch({ repo: knowledgeSearchRepo(db), embeddings, minSimilarity: 0.3, threshold: 0.5 }) };
}

async function passage(appId: string, heading: string, content: string) {
  const [row] = await db
    .insert(knowledgeChunks)
    .values({ appId, kind: 'passage', heading, content, ...chunkSearchFields({ title: heading, body: content }) })
    .returning({ id: knowledgeChunks.id });
  return row?.id as string;
}

const agent = await createAgent(owner.owner.userId as string, { name: 'Help desk' });
const withdrawals = await passage(agent.id, 'Withdrawals', 'Withdrawals requested before noon are processed the same business day.');
const leverage = await passage(agent.id, 'Leverage', 'Leverage multiplies both gains and losses; retail leverage is capped at 1:30.');
const chinese = await passage(agent.id, '出金', '出金申请会在一个工作日内处理，资金原路退回。');
// pgvector: always on PGlite; on a real PostgreSQL only where the extension is installed
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const pgvector = handle.driver === 'pglite' || rowsOf(await db.execute(sql`select 1 from pg_available_extensions where name = 'vector'`)).length > 0;

beforeEach(() => {
  fake.reset();
  fake.setEmbeddingsFailure(null);
});

describe('similarity on the score scale', () => {
  it('maps the minimum similarity to the threshold, 1 to 1 and 0 to 0', () => {
    expect([0, 0.15, 0.3, 0.65, 1].map((similarity) => similarityScore(similarity, 0.3, 0.5))).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(similarityScore(-0.2, 0.3, 0.5)).toBe(0);
  });
});

describe('reciprocal rank fusion', () => {
  const hit = (chunkId: string, score: number) => ({ chunkId, score }) as RetrievedPassage;
  it('adds 1/(60 + rank) over the rankings, so an item high in both wins, and keeps each hit’s best score', () => {
    const fused = fuseRankings([
      [hit('a', 0.9), hit('b', 0.5), hit('c', 0.4)],
      [hit('c', 0.8), hit('b', 0.7), hit('d', 0.6)],
    ]);
    // c: 1/61 + 1/63 = 0.032266 just beats b: 2/62 = 0.032258; then a: 1/61, d: 1/63
    expect(fused.map((item) => [item.chunkId, item.score])).toEqual([
      ['c', 0.8],
      ['b', 0.7],
      ['a', 0.9],
      ['d', 0.6],
    ]);
  });
});

describe.runIf(pgvector)('hybrid search with pgvector', () => {
  it('embeds chunks through /embeddings and finds a misspelt question that full-text search misses', async () => {
    const { search, lines } = retrieval();
    expect(await search.hybridEnabled()).toBe(true);
    expect(search.threshold).toBe(0.5);
    expect(await search.embedChunks(agent.id, [withdrawals, leverage, chinese])).toEqual({ embedded: 3, failed: 0 });
    expect(fake.embeddingRequests).toHaveLength(1);
    expect(fake.embeddingRequests[0]).toEqual({
      model: 'fake-embedding',
      input: [expect.stringMatching(/^Withdrawals\nWithdrawals requested/), expect.stringMatching(/^Leverage\n/), expect.stringMatching(/^出金\n/)],
    });
    const stored = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from knowledge_embeddings where app_id = ${agent.id}`));
    expect(stored[0]?.n).toBe(3);

    const question = 'withdrawl procesing tim';
    expect(await knowledgeSearchRepo(db).search(agent.id, question)).toEqual([]);
    const found = await search.searchWithMode(agent.id, question, 3);
    expect(found.mode).toBe('hybrid');
    expect(found.hits[0]).toMatchObject({ chunkId: withdrawals, heading: 'Withdrawals' });
    expect(found.hits[0]?.score).toBeGreaterThan(0);
    expect(found.hits[0]?.score).toBeLessThanOrEqual(1);

    // a question both rankings agree on keeps its place, and Chinese works through both
    expect((await search.searchWithMode(agent.id, '出金多久处理', 3)).hits[0]?.chunkId).toBe(chinese);
    expect((await search.search(agent.id, 'How does leverage work?', 1)).map((item) => item.chunkId)).toEqual([leverage]);
    expect(lines.filter((line) => line.message.includes('fuses full-text and embedding'))).toHaveLength(1);
  });

  it('keeps full-text search working when the embedding service fails, and says so', async () => {
    const { search, lines } = retrieval();
    fake.setEmbeddingsFailure(500);
    const found = await search.searchWithMode(agent.id, 'When are withdrawals processed?', 3);
    expect(found).toMatchObject({ mode: 'text', hits: [{ chunkId: withdrawals }] });
    const other = await passage(agent.id, 'Deposits', 'Card deposits arrive instantly.');
    expect(await search.embedChunks(agent.id, [other])).toEqual({ embedded: 0, failed: 1 });
    expect(lines.filter((line) => line.level === 'warn').map((line) => line.message)).toEqual([
      'embedding a question failed; answering from full-text search alone',
      'embedding knowledge chunks failed; they stay findable by full-text search',
    ]);
  });

  it('embeds an uploaded file as it is processed, so the retrieval test finds it by meaning', async () => {
    const app = await buildTestApp(modelConfig);
    const own = await createAgent(owner.owner.userId as string, { name: 'Fees desk' });
    const asOwner: Caller = { kind: 'user', prefix: '/api', headers: owner.headers, owner: owner.owner };
    const guide = 'Inactivity fee\n\nAccounts with no trades for twelve months pay a monthly inactivity fee of 10 USD.';
    const [file] = await uploadAccepted(app, asOwner, own.id, [textFile('fees.txt', guide)]);
    await runJobs(app);

    const listed = await listFiles(app, asOwner, own.id);
    expect(listed.hybrid).toBe(true);
    expect(listed.files[0]).toMatchObject({ id: file?.id, status: 'ready', chunkCount: 1 });
    const stored = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from knowledge_embeddings where app_id = ${own.id}`));
    expect(stored[0]?.n).toBe(1);

    const tested = await call(app, asOwner, 'POST', knowledgePaths.search, { appId: own.id, question: 'inactivty fe monthy' });
    expect(tested.json().data).toMatchObject({ mode: 'hybrid', hits: [{ fileName: 'fees.txt', fileId: file?.id }] });
  });

  it('answers a chat from the fused ranking, citing the passage the misspelt question meant', async () => {
    const app = await buildTestApp({ ...modelConfig, OFFLINE_STREAM_DELAY_MS: '0' });
    fake.setScenario({ kind: 'echo', format: 'transcript' });
    await app.services.retrieval.embedChunks(agent.id, [withdrawals, leverage, chinese]);
    const reply = readStream((await post(app, await visitorCaller(app), '/core/chat/completions', { appId: agent.id, content: 'withdrawl procesing tim' })).body);
    expect(reply.citations[0]).toMatchObject({ chunkId: withdrawals, heading: 'Withdrawals' });
    expect(reply.text).toContain('Withdrawals requested before noon');
  });
});

describe.runIf(!pgvector)('without pgvector', () => {
  it('searches by full text alone and says so once in the log', async () => {
    const { search, lines } = retrieval();
    expect(await search.hybridEnabled()).toBe(false);
    expect((await search.searchWithMode(agent.id, 'When are withdrawals processed?', 3)).mode).toBe('text');
    await search.search(agent.id, 'leverage');
    expect(await search.embedChunks(agent.id, [withdrawals])).toEqual({ embedded: 0, failed: 1 });
    expect(fake.embeddingRequests).toEqual([]);
    expect(lines.filter((line) => line.message.includes('pgvector is not installed'))).toHaveLength(1);
  });
});
