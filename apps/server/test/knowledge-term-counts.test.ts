import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { seedQualityCorpus } from '../bench/knowledge-quality.js';
import { termCounts } from '../src/db/repos/term-counts.js';
import { testDatabase } from './helper.js';

const db = (await testDatabase()).handle.db;

it('reads how many chunks hold the most common words from the statistics ANALYZE keeps', async () => {
  await seedQualityCorpus(db);
  const { byWord: counts } = await termCounts(db).current();
  expect(counts.size).toBeGreaterThan(10);
  const [word, estimate] = [...counts].sort((a, b) => b[1] - a[1])[0] as [string, number];
  const result = await db.execute(sql`select count(*)::int as n from knowledge_chunks where search_vector @@ to_tsquery('simple', ${word})`);
  const exact = (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
  // a small table is sampled whole, so the estimate is the count
  expect(estimate).toBe(exact);
});
