// bench:knowledge's vector search: one agent with `size` embedded chunks (and another agent's
// beside them), searched the way the chat does (knowledgeSearchRepo.nearest, 20 candidates),
// first comparing every vector (exact), then through the model's HNSW index, built as the
// server builds it on PostgreSQL (knowledgeVectorIndexRepo.ensure). Recall@5 is the share of
// the exact top five the index also returns. Vectors are the fake server's hashed n-gram
// embeddings (a test peer, not a model) at EMBEDDING_BENCH_DIMENSIONS (default 256, its own size).
// An HNSW build is much faster when its graph fits in maintenance_work_mem: the bench gives it
// 1 GB (knowledge.ts), as an operator would for the build (README "Indexed vector search").
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';
import { knowledgeSearchRepo } from '../src/db/repos/knowledge-search-repo.js';
import { knowledgeVectorIndexRepo, vectorIndexFor } from '../src/db/repos/knowledge-vector-index.js';
import { knowledgeChunks } from '../src/db/schema/index.js';
import { fakeEmbedding } from '../test/fake-openai/embeddings.js';
import { qualityQuestions } from './knowledge-corpus/index.js';

const model = 'bench-embedding';
const dimensions = Number(process.env.EMBEDDING_BENCH_DIMENSIONS ?? 256);
/** Candidates per ranking, as knowledge-search.ts asks for. */
const candidates = 20;
const samples = 200;
const warmups = 20;

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, index)] as number) * 10) / 10;
}

/** Embeds every chunk of the agents (in process, no HTTP) and stores the vectors. */
async function embedAll(db: Database, appIds: string[]) {
  for (const appId of appIds) {
    const chunks = await db
      .select({ id: knowledgeChunks.id, heading: knowledgeChunks.heading, content: knowledgeChunks.content })
      .from(knowledgeChunks)
      .where(eq(knowledgeChunks.appId, appId));
    for (let start = 0; start < chunks.length; start += 500) {
      const rows = chunks
        .slice(start, start + 500)
        .map((chunk) => sql`(${chunk.id}::uuid, ${appId}::uuid, ${model}, ${`[${fakeEmbedding(`${chunk.heading ?? ''}\n${chunk.content}`, dimensions).join(',')}]`}::vector)`);
      await db.execute(sql`insert into knowledge_embeddings (chunk_id, app_id, model, embedding) values ${sql.join(rows, sql`, `)}`);
    }
  }
  await db.execute(sql`analyze knowledge_embeddings`);
}

async function timed(questions: number[][], search: (vector: number[]) => Promise<string[]>) {
  for (let index = 0; index < warmups; index++) await search(questions[index % questions.length] as number[]);
  const times: number[] = [];
  const found: string[][] = [];
  for (let index = 0; index < samples; index++) {
    const started = performance.now();
    found.push(await search(questions[index % questions.length] as number[]));
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), found };
}

export interface VectorFigures {
  dimensions: number;
  exact: { p50: number; p95: number } | null;
  indexed: { p50: number; p95: number; buildSeconds: number; recallAt5: number } | null;
  /** Why there is no index figure (pgvector too old or absent). */
  skipped?: string;
}

export async function measureVectorSearch(db: Database, appId: string, otherAppId: string): Promise<VectorFigures> {
  const ensured = await db.execute<{ ok: boolean }>(sql`select ensure_knowledge_embeddings() as ok`);
  if ((ensured as unknown as { rows: { ok: boolean }[] }).rows[0]?.ok !== true) {
    return { dimensions, exact: null, indexed: null, skipped: 'pgvector is not installed in this database' };
  }
  await embedAll(db, [appId, otherAppId]);
  const repo = knowledgeSearchRepo(db);
  const questions = qualityQuestions.map((item) => fakeEmbedding(item.question, dimensions));
  const ids = (hits: { chunkId: string }[]) => hits.map((hit) => hit.chunkId);
  const exact = await timed(questions, async (vector) => ids(await repo.nearest(appId, model, vector, candidates, null)));

  const indexes = knowledgeVectorIndexRepo(db);
  const version = await indexes.pgvectorVersion();
  const index = version ? vectorIndexFor(version, dimensions) : null;
  if (!index) return { dimensions, exact: { p50: exact.p50, p95: exact.p95 }, indexed: null, skipped: `pgvector ${version ?? 'absent'}` };
  const started = performance.now();
  if (!(await indexes.ensure(model, index))) throw new Error('the HNSW index was not built');
  const buildSeconds = Math.round((performance.now() - started) / 100) / 10;
  await db.execute(sql`analyze knowledge_embeddings`);
  const indexed = await timed(questions, async (vector) => ids(await repo.nearest(appId, model, vector, candidates, index)));

  let kept = 0;
  let wanted = 0;
  exact.found.forEach((exactIds, sample) => {
    const top = new Set(exactIds.slice(0, 5));
    wanted += top.size;
    for (const id of (indexed.found[sample] as string[]).slice(0, 5)) if (top.has(id)) kept += 1;
  });
  const recallAt5 = Math.round((kept / wanted) * 1000) / 1000;
  return { dimensions, exact: { p50: exact.p50, p95: exact.p95 }, indexed: { p50: indexed.p50, p95: indexed.p95, buildSeconds, recallAt5 } };
}
