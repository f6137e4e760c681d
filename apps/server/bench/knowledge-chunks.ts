import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';
import { knowledgeChunks } from '../src/db/schema/index.js';
import { segmentForIndex } from '../src/text/segment.js';
import { loadCorpus } from './knowledge-corpus/index.js';

const insertBatch = 1000;

/** The corpus sentences, each with its segmented form, to build chunks from without segmenting again. */
function corpusSentences() {
  const sentences: { text: string; words: string }[] = [];
  for (const passage of loadCorpus()) {
    for (const text of passage.content.split(/(?<=[.!?。！？])\s*/u)) {
      if (text.trim().length > 8) sentences.push({ text: text.trim(), words: segmentForIndex(text) });
    }
  }
  return { sentences, headings: loadCorpus().map((passage) => ({ text: passage.heading, words: segmentForIndex(passage.heading) })) };
}

/** `count` chunks of 3 to 6 corpus sentences in a deterministic shuffle, inserted many rows at a time. */
export async function fillChunks(db: Database, appId: string, count: number) {
  const { sentences, headings } = corpusSentences();
  let seed = 42;
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
  const started = performance.now();
  for (let start = 0; start < count; start += insertBatch) {
    const rows: (typeof knowledgeChunks.$inferInsert)[] = [];
    for (let index = start; index < Math.min(count, start + insertBatch); index++) {
      const picked = Array.from({ length: 3 + (next() % 4) }, () => sentences[next() % sentences.length]!);
      const heading = headings[next() % headings.length]!;
      rows.push({
        appId,
        ordinal: index,
        heading: heading.text,
        content: picked.map((sentence) => sentence.text).join(' '),
        searchTitle: heading.words,
        searchText: picked.map((sentence) => sentence.words).join(' '),
      });
    }
    await db.insert(knowledgeChunks).values(rows);
  }
  await db.execute(sql`analyze knowledge_chunks`);
  return (performance.now() - started) / 1000;
}

