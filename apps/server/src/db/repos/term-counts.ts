import { sql } from 'drizzle-orm';
import type { Database } from '../client.js';

/** How long the statistics are reused before they are read again. */
const refreshMs = 5 * 60_000;

/**
 * About how many knowledge chunks hold each of the most common words, from PostgreSQL's own
 * statistics: ANALYZE (run by autovacuum) keeps the most common elements of a tsvector column
 * with the share of rows holding each in pg_stats, and the table's row count in pg_class.
 * Words not listed are rarer than any listed. Before the table was first analysed there are no
 * statistics, and every word counts as rare. The figures cover all agents' chunks together.
 */
export interface ChunkCounts {
  /** Word to the estimated number of chunks holding it, for the common words. */
  byWord: Map<string, number>;
  /** What a word not listed is held by at most: the fewest any listed word has (0 without statistics). */
  unlisted: number;
}

const noStatistics = (): ChunkCounts => ({ byWord: new Map(), unlisted: 0 });

export function termCounts(db: Database) {
  let cached: { readAt: number; counts: ChunkCounts } | null = null;
  let reading: Promise<ChunkCounts> | null = null;

  async function read(): Promise<ChunkCounts> {
    const result = await db.execute(sql`
      select s.most_common_elems::text::text[] as words, s.most_common_elem_freqs as shares, c.reltuples as chunks
      from pg_stats s
      join pg_class c on c.oid = 'knowledge_chunks'::regclass
      where s.schemaname = current_schema() and s.tablename = 'knowledge_chunks' and s.attname = 'search_vector'`);
    const row = (result as unknown as { rows: { words: string[] | null; shares: number[] | null; chunks: number }[] }).rows[0];
    const byWord = new Map<string, number>();
    const chunks = Math.max(0, Number(row?.chunks ?? 0));
    row?.words?.forEach((word, index) => byWord.set(word, Math.round(Number(row.shares?.[index] ?? 0) * chunks)));
    return { byWord, unlisted: byWord.size > 0 ? Math.min(...byWord.values()) : 0 };
  }

  return {
    /** The statistics as last read; a failed read counts every word as rare. */
    async current(): Promise<ChunkCounts> {
      if (cached && Date.now() - cached.readAt < refreshMs) return cached.counts;
      reading ??= read()
        .catch(noStatistics)
        .then((counts) => {
          cached = { readAt: Date.now(), counts };
          return counts;
        })
        .finally(() => (reading = null));
      return reading;
    },
  };
}

export type TermCounts = ReturnType<typeof termCounts>;
