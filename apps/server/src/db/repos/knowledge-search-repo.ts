import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { RetrievedPassage } from '../../llm/provider.js';
import { isNumberTerm, searchTerms, segmentForIndex, termCoverage } from '../../text/segment.js';
import type { Database } from '../client.js';
import { knowledgeChunks, knowledgeFiles } from '../schema/index.js';
import { preparedOnce } from '../prepared.js';
import { hnswEfSearch, vectorCast, type VectorIndex } from './knowledge-vector-index.js';
import { termCounts } from './term-counts.js';

/** Source name shown for Q&A entries typed in by an owner or seeded (they have no file). */
export const faqSourceName = 'FAQ';
const excerptChars = 160;
/** A question's words beyond this many add little but cost query time. */
const maxQueryTerms = 32;
/** Chunks ranked per search at most: what keeps a search over 100,000 chunks fast. */
const maxCandidates = 200;
/** The strictest candidate filter: chunks holding 3 of the question's words. */
const startLevel = 3;
/** Words combined in "at least m of them" filters; m = 1 (any word) takes them all. */
const maxLevelTerms = 8;
/**
 * Words held by more chunks than this make the index scan of the candidate filter long while
 * narrowing it little, so the filter leaves them out (they still count in the ranking and the
 * coverage score). Only large knowledge bases have such words; smaller ones filter on every word.
 */
const commonChunks = 5000;
/** The candidate filter keeps at least this many words (the rarest), however common. */
const minFilterTerms = 2;

/**
 * The question's words the candidate filter uses: the rarest first, very common ones left out
 * while enough rarer ones remain. Numbers come last: they are rare, but a passage need not hold
 * the question's number to answer it (termCoverage).
 */
export function filterTerms(terms: string[], chunksHolding: Map<string, number>): string[] {
  const byRarity = terms
    .map((term, index) => ({ term, index, chunks: chunksHolding.get(term) ?? 0, number: isNumberTerm(term) }))
    .sort((a, b) => Number(a.number) - Number(b.number) || a.chunks - b.chunks || a.index - b.index);
  const rare = byRarity.filter((item) => item.chunks <= commonChunks);
  const kept = rare.length >= minFilterTerms ? rare : byRarity.slice(0, minFilterTerms);
  return kept.slice(0, maxLevelTerms).map((item) => item.term);
}

/** tsquery text matching chunks that hold at least `least` of the words in `pool`: an OR of the AND of each combination. */
function atLeast(pool: string[], least: number): string {
  if (least <= 1) return pool.join(' | ');
  const clauses: string[] = [];
  const pick = (start: number, chosen: string[]) => {
    if (chosen.length === least) {
      clauses.push(`(${chosen.join(' & ')})`);
      return;
    }
    for (let index = start; index <= pool.length - (least - chosen.length); index++) pick(index + 1, [...chosen, pool[index] as string]);
  };
  pick(0, []);
  return clauses.join(' | ');
}

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

/** Share of the question's words the chunk contains: 1 when it has them all (numbers it lacks do not count, termCoverage). */
function coverage(terms: string[], searchTitle: string, searchText: string): number {
  const words = new Set(`${searchTitle} ${searchText}`.split(' '));
  return termCoverage(terms, (term) => words.has(term));
}

/** Share of the question's words the chunk's title holds: a Q&A entry's question (and other wordings of it) or a passage's heading. */
function titleCoverage(terms: string[], searchTitle: string): number {
  const words = new Set(searchTitle.split(' '));
  return termCoverage(terms, (term) => words.has(term));
}

/** The columns a hit is made of, with the chunk's search columns for scoring. */
const hitColumns = {
  id: knowledgeChunks.id,
  ordinal: knowledgeChunks.ordinal,
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

/** A candidate as ranked: its hit columns, its search columns for scoring, its rank. */
type RankedRow = HitRow & { searchTitle: string; searchText: string; rank: number };

function toPassage(row: HitRow, score: number, titleScore?: number): RetrievedPassage {
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
    ...(titleScore === undefined ? {} : { titleScore }),
  };
}

/**
 * Chunks retrieval may use: typed-in entries, and the chunks of a file's last finished processing
 * (a file being re-indexed keeps answering from them until its new chunks replace them).
 */
const usable = eq(knowledgeChunks.pending, false);

export function knowledgeSearchRepo(db: Database) {
  const chunksHolding = termCounts(db);
  /**
   * The query of bestOfEachLevel when the strictest level is `strictest`: the app, the tsquery
   * texts (the ranking's and each level's) and `wanted` come in through placeholders.
   */
  function bestOfEachLevelQuery(strictest: number) {
    const holding = (least: 1 | 2 | 3) =>
      least <= strictest
        ? sql<boolean>`${knowledgeChunks.searchVector} @@ to_tsquery('simple', ${sql.placeholder(`holds${least}`)})`
        : sql<boolean>`false`;
    const ranking = sql`to_tsquery('simple', ${sql.placeholder('ranking')})`;
    const wanted = sql.placeholder('wanted');
    const pool = db
      .select({
        ...hitColumns,
        rank: sql<number>`ts_rank_cd(${knowledgeChunks.searchVector}, ${ranking})`.as('rank'),
        holds2: holding(2).as('holds2'),
        holds3: holding(3).as('holds3'),
      })
      .from(knowledgeChunks)
      .leftJoin(knowledgeFiles, eq(knowledgeFiles.id, knowledgeChunks.fileId))
      .where(and(eq(knowledgeChunks.appId, sql.placeholder('appId')), holding(1), usable))
      .limit(maxCandidates + 1)
      .as('pool');
    const order = sql`${pool.rank} desc, ${pool.ordinal} asc`;
    const placed = db
      .select({
        id: pool.id,
        ordinal: pool.ordinal,
        fileId: pool.fileId,
        fileName: pool.fileName,
        kind: pool.kind,
        question: pool.question,
        content: pool.content,
        heading: pool.heading,
        page: pool.page,
        searchTitle: pool.searchTitle,
        searchText: pool.searchText,
        rank: pool.rank,
        holds2: pool.holds2,
        holds3: pool.holds3,
        pooled: sql<number>`(count(*) over ())::int`.as('pooled'),
        count2: sql<number>`(count(*) filter (where ${pool.holds2}) over ())::int`.as('count2'),
        count3: sql<number>`(count(*) filter (where ${pool.holds3}) over ())::int`.as('count3'),
        place1: sql<number>`(row_number() over (order by ${order}))::int`.as('place1'),
        place2: sql<number>`(row_number() over (partition by ${pool.holds2} order by ${order}))::int`.as('place2'),
        place3: sql<number>`(row_number() over (partition by ${pool.holds3} order by ${order}))::int`.as('place3'),
      })
      .from(pool)
      .as('placed');
    return db
      .select()
      .from(placed)
      .where(
        sql`${placed.place1} <= ${wanted} or (${placed.holds2} and ${placed.place2} <= ${wanted}) or (${placed.holds3} and ${placed.place3} <= ${wanted})`,
      );
  }

  /**
   * The search's levels in one query: every chunk holding any of the filter's words, marked with
   * the stricter levels (2 and 3 words) it meets, and each level's best `wanted` rows by rank (the
   * order each level's own query gives). Null when more than `maxCandidates` chunks hold a word:
   * then each level caps its own candidates, as search() does without this.
   */
  async function bestOfEachLevel(
    appId: string,
    search: { terms: string[]; filter: string[]; strictest: number; wanted: number },
  ): Promise<RankedRow[] | null> {
    const { terms, filter, strictest, wanted } = search;
    // built once per database and strictest level (db/prepared.ts): a question costs no query building
    const name = `knowledge_best_of_levels_${strictest}`;
    const statement = preparedOnce(db, name, () => bestOfEachLevelQuery(strictest).prepare(name));
    const rows = await statement.execute({
      appId,
      ranking: terms.join(' | '),
      holds1: atLeast(filter, 1),
      holds2: strictest >= 2 ? atLeast(filter, 2) : '',
      holds3: strictest >= 3 ? atLeast(filter, 3) : '',
      wanted,
    });
    const [first] = rows;
    if (!first) return [];
    if (first.pooled > maxCandidates) return null;
    const level = (holds: 'holds2' | 'holds3', place: 'place2' | 'place3') =>
      rows.filter((row) => row[holds] && row[place] <= wanted).sort((a, b) => a[place] - b[place]);
    if (first.count3 >= wanted) return level('holds3', 'place3');
    if (first.count2 >= wanted) return level('holds2', 'place2');
    return rows.filter((row) => row.place1 <= wanted).sort((a, b) => a.place1 - b.place1);
  }

  return {
    /**
     * Full-text search over an app's knowledge. Candidates are the chunks holding at least m of
     * the question's rarer words (filterTerms), m relaxed from 3 (or fewer, for short questions)
     * down to 1 until there are enough; at most `maxCandidates` of them are ranked by cover density (title words
     * count more), so a large knowledge base costs no more than a small one. Of those, the ones
     * holding more of the question's words (`score`, 0 to 1) come first, then those whose title
     * holds more of them (`titleScore`), then by rank. Chunks a processing run has not finished
     * are left out.
     */
    async search(appId: string, question: string, limit = 4): Promise<RetrievedPassage[]> {
      const terms = searchTerms(question).slice(0, maxQueryTerms);
      if (terms.length === 0) return [];
      const wanted = limit * 2;
      // terms are letters and digits only (segment.ts), so they need no quoting in tsquery syntax
      const ranking = sql`to_tsquery('simple', ${terms.join(' | ')})`;
      const counts = await chunksHolding.current();
      const pool = filterTerms(terms, counts.byWord);
      const candidatesHolding = (least: number) => {
        const filter = sql`to_tsquery('simple', ${atLeast(pool, least)})`;
        // ranked inside the capped subquery, so each candidate row is read once
        const candidates = db
          .select({ ...hitColumns, rank: sql<number>`ts_rank_cd(${knowledgeChunks.searchVector}, ${ranking})`.as('rank') })
          .from(knowledgeChunks)
          .leftJoin(knowledgeFiles, eq(knowledgeFiles.id, knowledgeChunks.fileId))
          .where(and(eq(knowledgeChunks.appId, appId), sql`${knowledgeChunks.searchVector} @@ ${filter}`, usable))
          .limit(maxCandidates)
          .as('candidates');
        return db.select().from(candidates).orderBy(desc(candidates.rank), asc(candidates.ordinal)).limit(wanted);
      };
      // The strictest level with enough rows wins, else "any word". Every level's chunks are among
      // "any word"'s: while those fit in one pool, one query ranks every level at once.
      const strictest = Math.min(startLevel, pool.length);
      const holders = pool.reduce((sum, term) => sum + (counts.byWord.get(term) ?? counts.unlisted), 0);
      // on a large base the "any word" pool overflows: the per-level queries are then asked directly
      let rows: RankedRow[] | null = holders <= maxCandidates ? await bestOfEachLevel(appId, { terms, filter: pool, strictest, wanted }) : null;
      if (rows === null) {
        rows = await candidatesHolding(strictest);
        if (rows.length < wanted && strictest > 1) {
          const anyWord = await candidatesHolding(1);
          rows = anyWord;
          for (let least = strictest - 1; least > 1 && anyWord.length >= wanted; least--) {
            const level = await candidatesHolding(least);
            if (level.length >= wanted) {
              rows = level;
              break;
            }
          }
        }
      }

      const scored = rows.map((row) => ({
        row,
        score: coverage(terms, row.searchTitle, row.searchText),
        titleScore: titleCoverage(terms, row.searchTitle),
      }));
      scored.sort((a, b) => b.score - a.score || b.titleScore - a.titleScore || b.row.rank - a.row.rank);
      return scored.slice(0, limit).map(({ row, score, titleScore }) => toPassage(row, score, titleScore));
    },

    /**
     * The app's chunks nearest to `embedding` among those embedded with `model` (cosine
     * distance, pgvector's `<=>`), `score` being the cosine similarity. Needs knowledge_embeddings.
     * With the model's HNSW index (`index`, knowledge-vector-index.ts) the search goes through
     * it, keeping hnswEfSearch candidates and, on pgvector 0.8, scanning on past other agents'
     * rows; without, it compares every vector of the agent (exact).
     */
    async nearest(appId: string, model: string, embedding: number[], limit: number, index: VectorIndex | null = null): Promise<RetrievedPassage[]> {
      const vector = `[${embedding.join(',')}]`;
      const query = (on: Database) => {
        const distance = index
          ? sql<number>`(e.embedding${vectorCast(index)}) <=> ${vector}${vectorCast(index)}`
          : sql<number>`e.embedding <=> ${vector}::vector`;
        return on
          .select({ ...hitColumns, distance })
          .from(knowledgeChunks)
          .innerJoin(sql`knowledge_embeddings e`, sql`e.chunk_id = ${knowledgeChunks.id}`)
          .leftJoin(knowledgeFiles, eq(knowledgeFiles.id, knowledgeChunks.fileId))
          .where(and(sql`e.app_id = ${appId}`, sql`e.model = ${model}`, usable))
          .orderBy(distance)
          .limit(limit);
      };
      const rows = index
        ? await db.transaction(async (tx) => {
            // settings for this transaction only (no session state, as behind a pooler)
            const iterative = index.iterative ? sql`, set_config('hnsw.iterative_scan', 'relaxed_order', true)` : sql``;
            await tx.execute(sql`select set_config('hnsw.ef_search', ${String(hnswEfSearch)}, true)${iterative}`);
            return query(tx);
          })
        : await query(db);
      return rows
        .map((row) => toPassage(row, Math.round((1 - Number(row.distance)) * 1000) / 1000))
        .sort((a, b) => b.score - a.score);
    },
  };
}

export type KnowledgeSearchRepo = ReturnType<typeof knowledgeSearchRepo>;
