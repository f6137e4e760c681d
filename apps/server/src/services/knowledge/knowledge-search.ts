import type { KnowledgeSearchRepo } from '../../db/repos/knowledge-search-repo.js';
import type { RetrievedPassage } from '../../llm/provider.js';
import type { EmbedResult, KnowledgeEmbeddings } from './knowledge-embeddings.js';

/** Reciprocal rank fusion's constant: each list adds 1 / (k + rank) for the items it holds. */
export const rrfK = 60;
/** Candidates taken from each ranking before fusing. */
const candidatesPerRanking = 20;

/**
 * Fuses rankings by reciprocal rank fusion: an item's fused value is the sum over the rankings
 * holding it of 1 / (k + rank), rank from 1. Ties keep the order of first appearance.
 */
export function fuseRankings(rankings: RetrievedPassage[][], k = rrfK): RetrievedPassage[] {
  const fused = new Map<string, { passage: RetrievedPassage; value: number; score: number }>();
  for (const ranking of rankings) {
    ranking.forEach((passage, index) => {
      const seen = fused.get(passage.chunkId);
      const value = 1 / (k + index + 1);
      if (seen) {
        seen.value += value;
        seen.score = Math.max(seen.score, passage.score);
      } else {
        fused.set(passage.chunkId, { passage, value, score: passage.score });
      }
    });
  }
  return [...fused.values()].sort((a, b) => b.value - a.value).map(({ passage, score }) => ({ ...passage, score }));
}

/**
 * A cosine similarity on the score scale of full-text hits (0 to 1, `threshold` meaning "good
 * enough to use"): `minSimilarity` maps to `threshold`, 1 to 1, linear on either side. Each
 * embedding model has its own similarity range, hence EMBEDDING_MIN_SIMILARITY.
 */
export function similarityScore(similarity: number, minSimilarity: number, threshold: number): number {
  const clamped = Math.min(1, Math.max(0, similarity));
  const score =
    clamped >= minSimilarity
      ? threshold + ((1 - threshold) * (clamped - minSimilarity)) / (1 - minSimilarity || 1)
      : (threshold * clamped) / (minSimilarity || 1);
  return Math.round(score * 1000) / 1000;
}

export interface KnowledgeSearchResult {
  hits: RetrievedPassage[];
  /** hybrid: text and embedding rankings fused; text: full-text search only (no model, no pgvector, or the service failed). */
  mode: 'text' | 'hybrid';
}

/**
 * Retrieval as the chat and the retrieval test use it: full-text search, fused with the
 * embedding ranking when EMBEDDING_MODEL is set and pgvector is present. A hit's `score` (0 to
 * 1, compared with the chat's threshold) is the better of its word coverage and its similarity
 * to the question (similarityScore).
 */
export function createKnowledgeSearch(deps: {
  repo: KnowledgeSearchRepo;
  embeddings: KnowledgeEmbeddings | null;
  /** The cosine similarity that counts as relevant (EMBEDDING_MIN_SIMILARITY). */
  minSimilarity: number;
  /** The score the chat uses passages from (its minKnowledgeScore). */
  threshold: number;
}) {
  const { repo, embeddings } = deps;

  async function hybridEnabled(): Promise<boolean> {
    return embeddings !== null && (await embeddings.available());
  }

  async function searchWithMode(appId: string, question: string, limit = 4): Promise<KnowledgeSearchResult> {
    if (!embeddings || !(await embeddings.available())) return { hits: await repo.search(appId, question, limit), mode: 'text' };
    const [text, vector] = await Promise.all([repo.search(appId, question, candidatesPerRanking), embeddings.embedQuestion(question)]);
    if (!vector) return { hits: text.slice(0, limit), mode: 'text' };
    const nearest = (await repo.nearest(appId, embeddings.model, vector, candidatesPerRanking, embeddings.searchIndex(vector.length))).map((hit) => ({
      ...hit,
      score: similarityScore(hit.score, deps.minSimilarity, deps.threshold),
    }));
    return { hits: fuseRankings([text, nearest]).slice(0, limit), mode: 'hybrid' };
  }

  return {
    /** The score from which the chat uses a passage (knowledgeSearchData.threshold, a hit's `used`). */
    threshold: deps.threshold,
    hybridEnabled,
    searchWithMode,
    async search(appId: string, question: string, limit = 4): Promise<RetrievedPassage[]> {
      return (await searchWithMode(appId, question, limit)).hits;
    },
    /** For the ingestion job after inserting chunks: embeds them when hybrid search is on (no-op otherwise). */
    async embedChunks(appId: string, chunkIds: string[]): Promise<EmbedResult> {
      if (!embeddings) return { embedded: 0, failed: 0 };
      return embeddings.embedChunks(appId, chunkIds);
    },
  };
}

export type KnowledgeSearch = ReturnType<typeof createKnowledgeSearch>;
