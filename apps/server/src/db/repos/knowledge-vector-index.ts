import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../client.js';

/**
 * How an embedding model's vectors are searched through its HNSW index. knowledge_embeddings.embedding
 * has no fixed dimension (each model has its own), and pgvector indexes only fixed-dimension
 * vectors: so each model gets a partial expression index, `(embedding::vector(N))` for the rows
 * `where model = '<model>'`, and a search casts the same way so the planner can use it.
 * Above 2,000 dimensions (vector's HNSW limit) the index is on `halfvec(N)` (up to 4,000, pgvector 0.7).
 */
export interface VectorIndex {
  type: 'vector' | 'halfvec';
  dimensions: number;
  /** pgvector 0.8 scans on until enough of an agent's rows pass the filter (hnsw.iterative_scan). */
  iterative: boolean;
}

const maxVectorDimensions = 2000;
const maxHalfvecDimensions = 4000;
/** Candidates an HNSW scan keeps (pgvector's default 40): recall@5 ≥ 0.95 in bench:knowledge. */
export const hnswEfSearch = 100;

function versionAtLeast(version: string, major: number, minor: number): boolean {
  const [ma = 0, mi = 0] = version.split('.').map(Number);
  return ma > major || (ma === major && mi >= minor);
}

/** The index a model's vectors of `dimensions` can have with pgvector `version`, or null (exact scan only). */
export function vectorIndexFor(version: string, dimensions: number): VectorIndex | null {
  if (!versionAtLeast(version, 0, 5) || !Number.isInteger(dimensions) || dimensions < 1) return null;
  const iterative = versionAtLeast(version, 0, 8);
  if (dimensions <= maxVectorDimensions) return { type: 'vector', dimensions, iterative };
  if (dimensions <= maxHalfvecDimensions && versionAtLeast(version, 0, 7)) return { type: 'halfvec', dimensions, iterative };
  return null;
}

/** One index name per model and shape, within PostgreSQL's 63 characters whatever the model's name. */
export function vectorIndexName(model: string, index: VectorIndex): string {
  const digest = createHash('sha256').update(`${model}\n${index.type}(${index.dimensions})`).digest('hex').slice(0, 16);
  return `knowledge_embeddings_hnsw_${digest}`;
}

/** The cast both the index and the search use, e.g. `::vector(1536)`. */
export function vectorCast(index: VectorIndex) {
  return sql.raw(`::${index.type}(${index.dimensions})`);
}

export function knowledgeVectorIndexRepo(db: Database) {
  return {
    /** pgvector's version in this database, or null when it is not installed. */
    async pgvectorVersion(): Promise<string | null> {
      const result = await db.execute<{ version: string }>(sql`select extversion as version from pg_extension where extname = 'vector'`);
      return (result as unknown as { rows: { version: string }[] }).rows[0]?.version ?? null;
    },

    /** The dimension of the vectors stored for `model`, or null when it has none yet. */
    async storedDimensions(model: string): Promise<number | null> {
      const result = await db.execute<{ dimensions: number }>(
        sql`select vector_dims(embedding) as dimensions from knowledge_embeddings where model = ${model} limit 1`,
      );
      const dimensions = (result as unknown as { rows: { dimensions: number }[] }).rows[0]?.dimensions;
      return dimensions === undefined ? null : Number(dimensions);
    },

    /**
     * Builds the model's HNSW index (cosine) unless it exists, without blocking writes
     * (CONCURRENTLY: outside any transaction, so also behind a transaction-mode pooler).
     * Answers whether a valid index is there now. A build that failed half way (a crash, say)
     * leaves an invalid index: when no build of it is running, it is dropped and built again.
     */
    async ensure(model: string, index: VectorIndex): Promise<boolean> {
      const name = vectorIndexName(model, index);
      const literal = model.replaceAll("'", "''");
      const cast = `${index.type}(${index.dimensions})`;
      const state = async () => {
        const result = await db.execute<{ valid: boolean; building: boolean }>(sql`
          select i.indisvalid as valid,
                 exists (select 1 from pg_stat_progress_create_index p where p.index_relid = i.indexrelid) as building
          from pg_index i where i.indexrelid = to_regclass(${name})`);
        return (result as unknown as { rows: { valid: boolean; building: boolean }[] }).rows[0] ?? null;
      };
      const before = await state();
      if (before?.valid) return true;
      if (before?.building) return false;
      if (before) await db.execute(sql.raw(`drop index concurrently if exists ${name}`));
      await db.execute(
        sql.raw(
          `create index concurrently if not exists ${name} on knowledge_embeddings using hnsw ((embedding::${cast}) ${index.type}_cosine_ops) where model = '${literal}'`,
        ),
      );
      return (await state())?.valid === true;
    },
  };
}
