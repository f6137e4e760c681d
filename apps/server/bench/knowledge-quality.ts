import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';
import { chunkSearchFields } from '../src/db/repos/knowledge-search-repo.js';
import { apps, knowledgeChunks, knowledgeFiles, users } from '../src/db/schema/index.js';
import type { RetrievedPassage } from '../src/llm/provider.js';
import { loadCorpus, qualityQuestions, type QualityQuestion } from './knowledge-corpus/index.js';

/** Retrieval quality over the shipped corpus: recall@k and mean reciprocal rank (rank within the top k). */
export interface QualityReport {
  questions: number;
  recallAt5: number;
  mrr: number;
  /** Questions whose answer was not in the top 5, with what came first instead. */
  misses: { question: string; expected: string[]; got: string[] }[];
}

export const qualityK = 5;

/** A user and an agent holding the corpus as ready files, one per document; returns the agent and chunk ids by passage key. */
export async function seedQualityCorpus(db: Database): Promise<{ appId: string; chunkIds: Map<string, string> }> {
  const [user] = await db.insert(users).values({ username: `quality-${randomBytes(4).toString('hex')}` }).returning();
  const [app] = await db
    .insert(apps)
    .values({ ownerId: user?.id, name: 'Knowledge quality', visibility: 'private' })
    .returning();
  if (!app) throw new Error('agent insert returned no row');
  const passages = loadCorpus();
  const chunkIds = new Map<string, string>();
  const files = new Map<string, string>();
  for (const passage of passages) {
    let fileId = files.get(passage.file);
    if (!fileId) {
      const bytes = new TextEncoder().encode(passage.file);
      const [file] = await db
        .insert(knowledgeFiles)
        .values({ appId: app.id, name: passage.file, mime: 'text/markdown', size: bytes.length, sha256: passage.file, bytes, status: 'ready' })
        .returning({ id: knowledgeFiles.id });
      fileId = file?.id as string;
      files.set(passage.file, fileId);
    }
    const [row] = await db
      .insert(knowledgeChunks)
      .values({
        appId: app.id,
        fileId,
        ordinal: passage.ordinal,
        heading: passage.heading,
        content: passage.content,
        ...chunkSearchFields({ title: passage.heading, body: passage.content }),
      })
      .returning({ id: knowledgeChunks.id });
    chunkIds.set(passage.key, row?.id as string);
  }
  // statistics as autovacuum would keep them: search leaves its most common words out of the candidate filter
  await db.execute(sql`analyze knowledge_chunks`);
  return { appId: app.id, chunkIds };
}

/** Runs every quality question through `search` and scores the top `qualityK`. */
export async function measureQuality(
  search: (question: string, limit: number) => Promise<RetrievedPassage[]>,
  chunkIds: Map<string, string>,
  questions: QualityQuestion[] = qualityQuestions,
): Promise<QualityReport> {
  const keyOf = new Map([...chunkIds].map(([key, id]) => [id, key]));
  let found = 0;
  let reciprocal = 0;
  const misses: QualityReport['misses'] = [];
  for (const item of questions) {
    for (const key of item.answers) if (!chunkIds.has(key)) throw new Error(`quality set names an unknown passage: ${key}`);
    const got = (await search(item.question, qualityK)).map((hit) => keyOf.get(hit.chunkId) ?? hit.chunkId);
    const rank = got.findIndex((key) => item.answers.includes(key));
    if (rank >= 0) {
      found++;
      reciprocal += 1 / (rank + 1);
    } else {
      misses.push({ question: item.question, expected: item.answers, got: got.slice(0, 3) });
    }
  }
  const round = (value: number) => Math.round(value * 1000) / 1000;
  return { questions: questions.length, recallAt5: round(found / questions.length), mrr: round(reciprocal / questions.length), misses };
}
