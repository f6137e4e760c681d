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
export function termCounts(db: Database) {
  let cached: { readAt: number; counts: Map<string, number> } | null = null;
  let reading: Promise<Map<string, number>> | null = null;

  async function read(): Promise<Map<string, number>> {
    const result = await db.execute(sql`
      select s.most_common_elems::text::text[] as words, s.most_common_elem_freqs as shares, c.reltuples as chunks
      from pg_stats s
      join pg_class c on c.oid = 'knowledge_chunks'::regclass
      where s.schemaname = current_schema() and s.tablename = 'knowledge_chunks' and s.attname = 'search_vector'`);
    const row = (result as unknown as { rows: { words: string[] | null; shares: number[] | null; chunks: number }[] }).rows[0];
    const counts = new Map<string, number>();
    const chunks = Math.max(0, Number(row?.chunks ?? 0));
    row?.words?.forEach((word, index) => counts.set(word, Math.round(Number(row.shares?.[index] ?? 0) * chunks)));
    return counts;
  }

  return {
    /** Word to the estimated number of chunks holding it, for the common words; a failed read counts every word as rare. */
    async current(): Promise<Map<string, number>> {
      if (cached && Date.now() - cached.readAt < refreshMs) return cached.counts;
      reading ??= read()
        .catch(() => new Map<string, number>())
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
