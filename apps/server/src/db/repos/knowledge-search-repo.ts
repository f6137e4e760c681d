import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { RetrievedPassage } from '../../llm/provider.js';
import { searchTerms, segmentForIndex } from '../../text/segment.js';
import type { Database } from '../client.js';
import { knowledgeChunks, knowledgeFiles } from '../schema/index.js';

/** Source name shown for Q&A entries typed in by an owner or seeded (they have no file). */
export const faqSourceName = 'FAQ';
const excerptChars = 160;
/** A question's words beyond this many add little but cost query time. */
const maxQueryTerms = 32;

/**
 * The search columns of a chunk: its title (a Q&A question or a passage heading, weight A) and
 * body (weight B), segmented into words. Every writer of knowledge_chunks fills them this way.
 */
export function chunkSearchFields(chunk: { title: string | null; body: string }) {
  return { searchTitle: segmentForIndex(chunk.title ?? ''), searchText: segmentForIndex(chunk.body) };
}

function excerptOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > excerptChars ? `${flat.slice(0, excerptChars).trimEnd()}…` : flat;
}

/** Share of the question's words the chunk contains: 1 when it has them all. */
function coverage(terms: string[], searchTitle: string, searchText: string): number {
  const words = new Set(`${searchTitle} ${searchText}`.split(' '));
  const found = terms.filter((term) => words.has(term)).length;
  return Math.round((found / terms.length) * 1000) / 1000;
}

/** The columns a hit is made of, with the chunk's search columns for scoring. */
const hitColumns = {
  id: knowledgeChunks.id,
  fileId: knowledgeChunks.fileId,
  fileName: knowledgeFiles.name,
  kind: knowledgeChunks.kind,
  question: knowledgeChunks.question,
  content: knowledgeChunks.content,
  heading: knowledgeChunks.heading,
  page: knowledgeChunks.page,
  searchTitle: knowledgeChunks.searchTitle,
  searchText: knowledgeChunks.searchText,
};

type HitRow = {
  id: string;
  fileId: string | null;
  fileName: string | null;
  kind: 'passage' | 'qa';
  question: string | null;
  content: string;
  heading: string | null;
  page: number | null;
};

function toPassage(row: HitRow, score: number): RetrievedPassage {
  return {
    chunkId: row.id,
    fileId: row.fileId,
    fileName: row.fileName ?? faqSourceName,
    heading: row.kind === 'qa' ? row.question : row.heading,
    page: row.page,
    excerpt: excerptOf(row.content),
    score,
    kind: row.kind,
    question: row.question,
    content: row.content,
  };
}

/** Chunks retrieval may use: typed-in entries, and chunks of files that finished processing. */
const usable = or(isNull(knowledgeChunks.fileId), eq(knowledgeFiles.status, 'ready'));

export function knowledgeSearchRepo(db: Database) {
  return {
    /**
     * Full-text search over an app's knowledge: the question's words OR'ed and ranked by cover
     * density (title words count more); of the best candidates, those holding more of the
     * question's words (`score`, 0 to 1) come first. Chunks of files still being processed are
     * left out.
     */
    async search(appId: string, question: string, limit = 4): Promise<RetrievedPassage[]> {
      const terms = searchTerms(question).slice(0, maxQueryTerms);
      if (terms.length === 0) return [];
      // terms are letters and digits only (segment.ts), so they need no quoting in tsquery syntax
      const query = sql`to_tsquery('simple', ${terms.join(' | ')})`;
      const rank = sql<number>`ts_rank_cd(${knowledgeChunks.searchVector}, ${query})`;
      const rows = await db
        .select({ ...hitColumns, rank })
        .from(knowledgeChunks)
        .leftJoin(knowledgeFiles, eq(knowledgeFiles.id, knowledgeChunks.fileId))
        .where(and(eq(knowledgeChunks.appId, appId), sql`${knowledgeChunks.searchVector} @@ ${query}`, usable))
        .orderBy(desc(rank), asc(knowledgeChunks.ordinal))
        .limit(limit * 2);

      const scored = rows.map((row) => ({ row, score: coverage(terms, row.searchTitle, row.searchText) }));
      scored.sort((a, b) => b.score - a.score || b.row.rank - a.row.rank);
      return scored.slice(0, limit).map(({ row, score }) => toPassage(row, score));
    },

    /**
     * The app's chunks nearest to `embedding` among those embedded with `model` (cosine
     * distance, pgvector's `<=>`), `score` being the cosine similarity. Needs knowledge_embeddings.
     */
    async nearest(appId: string, model: string, embedding: number[], limit: number): Promise<RetrievedPassage[]> {
      const vector = `[${embedding.join(',')}]`;
      const distance = sql<number>`e.embedding <=> ${vector}::vector`;
      const rows = await db
        .select({ ...hitColumns, distance })
        .from(knowledgeChunks)
        .innerJoin(sql`knowledge_embeddings e`, sql`e.chunk_id = ${knowledgeChunks.id}`)
        .leftJoin(knowledgeFiles, eq(knowledgeFiles.id, knowledgeChunks.fileId))
        .where(and(sql`e.app_id = ${appId}`, sql`e.model = ${model}`, usable))
        .orderBy(distance)
        .limit(limit);
      return rows.map((row) => toPassage(row, Math.round((1 - Number(row.distance)) * 1000) / 1000));
    },
  };
}

export type KnowledgeSearchRepo = ReturnType<typeof knowledgeSearchRepo>;
