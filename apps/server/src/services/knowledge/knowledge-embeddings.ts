import type { FastifyBaseLogger } from 'fastify';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { knowledgeChunks } from '../../db/schema/index.js';
import type { Embedder } from '../../llm/embedder.js';
import { knowledgeVectorIndexRepo, vectorIndexFor, type VectorIndex } from '../../db/repos/knowledge-vector-index.js';

/** Chunks sent per /embeddings request. */
const batchSize = 32;
/** Longer texts are cut before embedding: embedding models take a few thousand tokens at most. */
const maxEmbedChars = 6000;

export interface EmbedResult {
  embedded: number;
  /** Chunks left without an embedding (they stay findable by full-text search). */
  failed: number;
}

export interface KnowledgeEmbeddings {
  model: string;
  /** pgvector is there (knowledge_embeddings exists); checked once, and said once in the log if not. */
  available(): Promise<boolean>;
  /**
   * Embeds the chunks (a Q&A pair's question and answer, a passage's heading and text) and
   * stores the vectors, replacing older ones. For the ingestion job after it inserts chunks, and
   * after an entry is written. Never throws for the embedding service: a failure is logged and
   * the chunks not embedded are counted in `failed`.
   */
  embedChunks(appId: string, chunkIds: string[]): Promise<EmbedResult>;
  /** The question's vector, or null (and a warning logged) when the service fails. */
  embedQuestion(question: string, signal?: AbortSignal): Promise<number[] | null>;
  /**
   * The HNSW index to search vectors of `dimensions` through, or null for an exact scan: while
   * the index is being built (started by the first call, in the background), where it cannot be
   * built, and always on the embedded database.
   */
  searchIndex(dimensions: number): VectorIndex | null;
}

/** A build found running elsewhere, or failed, is looked at again after this long. */
const indexRecheckMs = 60_000;

function textOf(chunk: { question: string | null; heading: string | null; content: string }): string {
  const title = chunk.question ?? chunk.heading ?? '';
  return (title ? `${title}\n${chunk.content}` : chunk.content).slice(0, maxEmbedChars);
}

export function createKnowledgeEmbeddings(deps: {
  db: Database;
  embedder: Embedder;
  log: FastifyBaseLogger;
  /**
   * hnsw: each model's vectors get an HNSW index (PostgreSQL with pgvector 0.5 or later); exact:
   * every search compares all of an agent's vectors (the embedded PGlite, where a build would
   * hold the whole process for minutes and an agent's vectors are few).
   */
  vectorIndex?: 'hnsw' | 'exact';
}): KnowledgeEmbeddings {
  const { db, embedder, log } = deps;
  let ready: Promise<boolean> | null = null;
  const indexes = knowledgeVectorIndexRepo(db);
  /** By dimension: the index in use, null for exact scans, 'building' while a build runs. */
  const indexState = new Map<number, VectorIndex | null | 'building'>();

  async function buildIndex(dimensions: number): Promise<VectorIndex | null> {
    const version = await indexes.pgvectorVersion();
    const index = version ? vectorIndexFor(version, dimensions) : null;
    if (!index) {
      log.warn({ model: embedder.model, dimensions, pgvector: version }, 'knowledge vectors are searched without an index (needs pgvector 0.5, and 0.7 above 2,000 dimensions)');
      return null;
    }
    const started = performance.now();
    if (!(await indexes.ensure(embedder.model, index))) return null;
    log.info({ model: embedder.model, index: `${index.type}(${dimensions})`, ms: Math.round(performance.now() - started) }, 'knowledge vectors are searched through their HNSW index');
    return index;
  }

  function searchIndex(dimensions: number): VectorIndex | null {
    if (deps.vectorIndex !== 'hnsw') return null;
    const known = indexState.get(dimensions);
    if (known !== undefined) return known === 'building' ? null : known;
    indexState.set(dimensions, 'building');
    const recheckLater = () => setTimeout(() => indexState.delete(dimensions), indexRecheckMs).unref();
    buildIndex(dimensions).then(
      (index) => {
        indexState.set(dimensions, index);
        if (!index) recheckLater();
      },
      (error: unknown) => {
        log.warn({ err: error, model: embedder.model, dimensions }, 'building the knowledge vector index failed: searches compare every vector meanwhile');
        indexState.set(dimensions, null);
        recheckLater();
      },
    );
    return null;
  }

  function available(): Promise<boolean> {
    ready ??= db.execute<{ ok: boolean }>(sql`select ensure_knowledge_embeddings() as ok`).then(
      (result) => {
        const ok = (result as unknown as { rows: { ok: boolean }[] }).rows[0]?.ok === true;
        if (!ok) log.warn({ model: embedder.model }, 'pgvector is not installed in this database: knowledge search uses full-text search only');
        else log.info({ model: embedder.model }, 'knowledge search fuses full-text and embedding rankings');
        // vectors stored before this start get their index now, not at the first question
        if (ok && deps.vectorIndex === 'hnsw') {
          indexes.storedDimensions(embedder.model).then(
            (dimensions) => dimensions !== null && searchIndex(dimensions),
            () => undefined,
          );
        }
        return ok;
      },
      (error: unknown) => {
        ready = null;
        throw error;
      },
    );
    return ready;
  }

  return {
    model: embedder.model,
    available,
    searchIndex,

    async embedChunks(appId, chunkIds) {
      if (chunkIds.length === 0 || !(await available())) return { embedded: 0, failed: chunkIds.length };
      let embedded = 0;
      for (let start = 0; start < chunkIds.length; start += batchSize) {
        const ids = chunkIds.slice(start, start + batchSize);
        const chunks = await db
          .select({ id: knowledgeChunks.id, question: knowledgeChunks.question, heading: knowledgeChunks.heading, content: knowledgeChunks.content })
          .from(knowledgeChunks)
          .where(inArray(knowledgeChunks.id, ids));
        let vectors: number[][];
        try {
          vectors = await embedder.embed(chunks.map(textOf));
        } catch (error) {
          log.warn({ err: error, appId, model: embedder.model, left: chunkIds.length - embedded }, 'embedding knowledge chunks failed; they stay findable by full-text search');
          return { embedded, failed: chunkIds.length - embedded };
        }
        const rows = chunks.map((chunk, index) => sql`(${chunk.id}::uuid, ${appId}::uuid, ${embedder.model}, ${`[${(vectors[index] as number[]).join(',')}]`}::vector)`);
        await db.execute(sql`
          insert into knowledge_embeddings (chunk_id, app_id, model, embedding)
          values ${sql.join(rows, sql`, `)}
          on conflict (chunk_id) do update set model = excluded.model, embedding = excluded.embedding, created_at = now()`);
        embedded += chunks.length;
        if (vectors[0]) searchIndex(vectors[0].length);
      }
      // ids of chunks deleted meanwhile are neither embedded nor failed
      return { embedded, failed: 0 };
    },

    async embedQuestion(question, signal) {
      try {
        const [vector] = await embedder.embed([question.slice(0, maxEmbedChars)], signal);
        return vector ?? null;
      } catch (error) {
        log.warn({ err: error, model: embedder.model }, 'embedding a question failed; answering from full-text search alone');
        return null;
      }
    },
  };
}
