import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { chunkSearchFields, knowledgeSearchRepo } from '../src/db/repos/knowledge-search-repo.js';
import { knowledgeVectorIndexRepo, vectorIndexFor, vectorIndexName, type VectorIndex } from '../src/db/repos/knowledge-vector-index.js';
import { knowledgeChunks } from '../src/db/schema/index.js';
import { createEmbedder } from '../src/llm/embedder.js';
import { createKnowledgeEmbeddings } from '../src/services/knowledge/knowledge-embeddings.js';
import { createAgent, userCaller } from './chat-stream-helpers.js';
import { fakeEmbedding } from './fake-openai/embeddings.js';
import { startFakeOpenAI } from './fake-openai/index.js';
import { testDatabase } from './helper.js';

describe('which HNSW index a model can have', () => {
  it('indexes up to 2,000 dimensions as vector, up to 4,000 as halfvec (pgvector 0.7), beyond that none', () => {
    expect(vectorIndexFor('0.8.0', 1536)).toEqual({ type: 'vector', dimensions: 1536, iterative: true });
    expect(vectorIndexFor('0.7.4', 3072)).toEqual({ type: 'halfvec', dimensions: 3072, iterative: false });
    expect(vectorIndexFor('0.6.2', 3072)).toBeNull();
    expect(vectorIndexFor('0.8.0', 4096)).toBeNull();
  });

  it('needs pgvector 0.5 for HNSW at all, and 0.8 for iterative scans', () => {
    expect(vectorIndexFor('0.4.4', 768)).toBeNull();
    expect(vectorIndexFor('0.5.1', 768)).toEqual({ type: 'vector', dimensions: 768, iterative: false });
    expect(vectorIndexFor('0.10.0', 768)?.iterative).toBe(true);
  });

  it('names each model and shape apart, within PostgreSQL 63-character names', () => {
    const index: VectorIndex = { type: 'vector', dimensions: 1024, iterative: true };
    const long = vectorIndexName('a'.repeat(300), index);
    expect(long.length).toBeLessThanOrEqual(63);
    expect(vectorIndexName('bge-m3', index)).not.toBe(vectorIndexName('bge-large', index));
    expect(vectorIndexName('bge-m3', index)).not.toBe(vectorIndexName('bge-m3', { ...index, dimensions: 512 }));
  });
});

// The index itself needs pgvector: PGlite has it (0.8); a PostgreSQL only where it is installed.
const handle = (await testDatabase()).handle;
const fake = await startFakeOpenAI({ apiKey: 'test-key', models: ['fake-model'] });
afterAll(() => fake.close());
const db: Database = handle.db;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const pgvector =
  handle.driver === 'pglite' || rowsOf(await db.execute(sql`select 1 from pg_available_extensions where name = 'vector'`)).length > 0;

describe.skipIf(!pgvector)("a model's HNSW index", () => {
  const dimensions = 64;
  const index: VectorIndex = { type: 'vector', dimensions, iterative: true };
  const texts = Array.from({ length: 300 }, (_, n) => `Passage ${n} about ${['withdrawals', 'leverage', 'deposits', 'spreads', 'licences'][n % 5]} number ${n * 7}`);
  let appId: string;

  async function seed(model: string) {
    await db.execute(sql`select ensure_knowledge_embeddings()`);
    const owner = await userCaller();
    appId = (await createAgent(owner.owner.userId as string, { name: 'Vectors' })).id;
    const rows = await db
      .insert(knowledgeChunks)
      .values(texts.map((content, ordinal) => ({ appId, ordinal, kind: 'passage' as const, content, ...chunkSearchFields({ title: null, body: content }) })))
      .returning({ id: knowledgeChunks.id, content: knowledgeChunks.content });
    const values = rows.map((row) => sql`(${row.id}::uuid, ${appId}::uuid, ${model}, ${`[${fakeEmbedding(row.content, dimensions).join(',')}]`}::vector)`);
    await db.execute(sql`insert into knowledge_embeddings (chunk_id, app_id, model, embedding) values ${sql.join(values, sql`, `)}`);
  }

  it('is built once per model, and finds the same nearest passages as comparing every vector', async () => {
    await seed('it-model');
    const repo = knowledgeVectorIndexRepo(db);
    expect(await repo.storedDimensions('it-model')).toBe(dimensions);
    expect(await repo.ensure('it-model', index)).toBe(true);
    expect(await repo.ensure('it-model', index)).toBe(true);
    const named = rowsOf<{ definition: string }>(
      await db.execute(sql`select indexdef as definition from pg_indexes where indexname = ${vectorIndexName('it-model', index)}`),
    );
    expect(named[0]?.definition).toMatch(/USING hnsw \(\(\(embedding\)::vector\(64\)\) vector_cosine_ops\) WHERE \(model = 'it-model'::text\)/);

    const search = knowledgeSearchRepo(db);
    const question = fakeEmbedding('withdrawals number 77', dimensions);
    const exact = await search.nearest(appId, 'it-model', question, 5, null);
    const indexed = await search.nearest(appId, 'it-model', question, 5, index);
    expect(indexed.map((hit) => hit.chunkId)).toEqual(exact.map((hit) => hit.chunkId));
    expect(indexed.map((hit) => hit.score)).toEqual(exact.map((hit) => hit.score));
  });

  it('serves the search query: the planner can read the nearest vectors from it in order', async () => {
    const question = `[${fakeEmbedding('leverage', dimensions).join(',')}]`;
    const plan = await db.transaction(async (tx) => {
      // 300 rows are sorted faster than searched: without sorting, an ordered index scan is the only plan
      await tx.execute(sql`set local enable_sort = off`);
      return rowsOf<Record<string, string>>(
        await tx.execute(sql`explain select chunk_id from knowledge_embeddings e where e.app_id = ${appId} and e.model = 'it-model'
          order by (e.embedding::vector(64)) <=> ${question}::vector(64) limit 5`),
      );
    });
    expect(plan.map((row) => Object.values(row)[0]).join('\n')).toContain(vectorIndexName('it-model', index));
  });

  it('is dropped and built again when a build was left half done', async () => {
    const name = vectorIndexName('it-model', index);
    await db.execute(sql`update pg_index set indisvalid = false where indexrelid = to_regclass(${name})`);

    expect(await knowledgeVectorIndexRepo(db).ensure('it-model', index)).toBe(true);
    const valid = rowsOf<{ valid: boolean }>(await db.execute(sql`select indisvalid as valid from pg_index where indexrelid = to_regclass(${name})`));
    expect(valid).toEqual([{ valid: true }]);
  });

  describe('the embeddings service', () => {
    const silent = { info: vi.fn(), warn: vi.fn(), error: vi.fn(), debug: vi.fn(), trace: vi.fn(), fatal: vi.fn(), level: 'info', silent: vi.fn() };
    const log = { ...silent, child: () => silent } as unknown as FastifyBaseLogger;
    const embedder = createEmbedder(
      loadConfig({ LLM_BASE_URL: fake.url, LLM_API_KEY: 'test-key', LLM_MODELS: 'fake-model', EMBEDDING_MODEL: 'fake-embedding' }),
    )!;

    it('builds the index in the background on PostgreSQL, searching exactly until it is there', async () => {
      const embeddings = createKnowledgeEmbeddings({ db, embedder, log, vectorIndex: 'hnsw' });
      await embeddings.available();
      const vector = (await embeddings.embedQuestion('withdrawals'))!;

      expect(embeddings.searchIndex(vector.length)).toBeNull();
      await vi.waitFor(() => expect(embeddings.searchIndex(vector.length)).toEqual({ type: 'vector', dimensions: vector.length, iterative: true }));
      expect(silent.info).toHaveBeenCalledWith(expect.objectContaining({ model: 'fake-embedding' }), 'knowledge vectors are searched through their HNSW index');
    });

    it('never builds one on the embedded database', async () => {
      const embeddings = createKnowledgeEmbeddings({ db, embedder, log, vectorIndex: 'exact' });
      expect(embeddings.searchIndex(256)).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(embeddings.searchIndex(256)).toBeNull();
    });
  });
});
