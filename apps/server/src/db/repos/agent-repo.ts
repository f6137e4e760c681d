import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AgentCategory, AgentKnowledgeMode, AgentVisibility, DiscoverSort } from '@parley/contracts';
import { searchTerms, segmentForIndex } from '../../text/segment.js';
import type { Database } from '../client.js';
import { appShares, apps, knowledgeChunks, knowledgeFiles, unansweredQuestions, users } from '../schema/index.js';
import type { AppRow } from './app-repo.js';

/** The configuration an owner writes (contracts `agentInput`, in column names). */
export interface AgentFields {
  name: string;
  intro: string;
  avatarUrl: string | null;
  category: AgentCategory;
  systemPrompt: string;
  model: string | null;
  temperature: number | null;
  topP: number | null;
  openingMessage: string;
  suggestedQuestions: string[];
  visibility: AgentVisibility;
  /** Undefined: the column default on create, unchanged on update. */
  knowledgeMode?: AgentKnowledgeMode | undefined;
}

/** What the content check found in an agent its owner asked an operator to review. */
export type ReviewProblems = NonNullable<AppRow['reviewProblems']>;

/** Holds the agent for an operator's review of `review`, or (none given) takes it out of the queue. */
function reviewColumns(review: ReviewProblems | undefined) {
  return review ? { reviewRequestedAt: sql`now()`, reviewProblems: review } : { reviewRequestedAt: null, reviewProblems: null };
}

/** An agent with what its owner's screens show besides the row. */
export interface AgentWithExtras {
  row: AppRow;
  creatorName: string | null;
  shareNum: string | null;
}

/** Listed in discover: the partial indexes' condition, repeated so the planner uses them. */
const listed = sql`${apps.visibility} = 'public' and ${apps.hiddenAt} is null and ${apps.deletedAt} is null and not ${apps.isOfficial}`;

/** What a discover card shows of an agent: no prompt, no search columns. */
const cardColumns = {
  id: apps.id,
  name: apps.name,
  intro: apps.intro,
  avatarUrl: apps.avatarUrl,
  category: apps.category,
  conversationCount: apps.conversationCount,
  userCount: apps.userCount,
  goodCount: apps.goodCount,
  badCount: apps.badCount,
  publishedAt: apps.publishedAt,
};
export type AgentCardRow = { [K in keyof typeof cardColumns]: AppRow[K] };

/** Each sort as its column, the SQL type its cursor value casts to. */
const sortColumns = {
  popular: { column: apps.popularityScore, cast: 'real' },
  newest: { column: apps.publishedAt, cast: 'timestamptz' },
  rating: { column: apps.rating, cast: 'real' },
} as const satisfies Record<DiscoverSort, unknown>;

/** Where one discover page ended: the sort value (as PostgreSQL prints it) and the id. */
export interface DiscoverCursor {
  value: string;
  id: string;
}

const hanRun = /^\p{Script=Han}{2,}$/u;

/**
 * A discover search as a tsquery: every word must be found. Latin words match as prefixes (as
 * you type); a Chinese word also matches as its characters in a row, since the index holds the
 * characters of each word after it ("外汇" finds "外汇交易" however the name was segmented).
 */
export function discoverTsQuery(q: string): string | null {
  const terms = searchTerms(q).slice(0, 8);
  if (terms.length === 0) return null;
  return terms
    .map((term) => (hanRun.test(term) ? `(${term} | ${Array.from(term).join(' <-> ')})` : `${term}:*`))
    .join(' & ');
}

function searchTextOf(fields: Pick<AgentFields, 'name' | 'intro'>): string {
  return `${segmentForIndex(fields.name)} ${segmentForIndex(fields.intro)}`.trim();
}

function columnsOf(fields: AgentFields) {
  return { ...fields, searchText: searchTextOf(fields) };
}

/**
 * Agents as their owners manage them and as discover lists them. Writes carry the owner's
 * condition; a row someone else owns is simply not found by them.
 */
export function agentRepo(db: Database) {
  const withExtras = () =>
    db
      .select({ row: apps, creatorName: users.username, shareNum: appShares.shareNum })
      .from(apps)
      .leftJoin(users, eq(users.id, apps.ownerId))
      .leftJoin(appShares, eq(appShares.appId, apps.id));

  const ownedLive = (ownerId: string, appId: string) =>
    and(eq(apps.id, appId), eq(apps.ownerId, ownerId), isNull(apps.deletedAt), eq(apps.isOfficial, false));

  return {
    async create(ownerId: string, fields: AgentFields, review?: ReviewProblems): Promise<AppRow> {
      const publishedAt = fields.visibility === 'public' ? new Date() : null;
      const [row] = await db
        .insert(apps)
        .values({ ...columnsOf(fields), ownerId, publishedAt, ...reviewColumns(review) })
        .returning();
      if (!row) throw new Error('agent insert returned no row');
      return row;
    },

    /**
     * Replaces the configuration; the first time it turns public sets `published_at`. Saving
     * withdraws a review request, unless `review` holds the agent again. Null: not the owner's.
     */
    async update(ownerId: string, appId: string, fields: AgentFields, review?: ReviewProblems): Promise<AppRow | null> {
      const [row] = await db
        .update(apps)
        .set({
          ...columnsOf(fields),
          publishedAt: fields.visibility === 'public' ? sql`coalesce(${apps.publishedAt}, now())` : apps.publishedAt,
          ...reviewColumns(review),
        })
        .where(ownedLive(ownerId, appId))
        .returning();
      return row ?? null;
    },

    /**
     * Deletes the agent for everyone: its knowledge and share number go, the row stays (marked
     * deleted) so chats others had with it stay readable. False when not the owner's.
     */
    async softDelete(ownerId: string, appId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(apps)
          .set({ deletedAt: sql`now()`, systemPrompt: '', searchText: '' })
          .where(ownedLive(ownerId, appId))
          .returning({ id: apps.id });
        if (!row) return false;
        await tx.delete(knowledgeChunks).where(eq(knowledgeChunks.appId, appId));
        await tx.delete(knowledgeFiles).where(eq(knowledgeFiles.appId, appId));
        await tx.delete(unansweredQuestions).where(eq(unansweredQuestions.appId, appId));
        await tx.delete(appShares).where(eq(appShares.appId, appId));
        return true;
      });
    },

    /** Any live agent (not the official assistant), whoever owns it: for refusals and sharing. */
    async findLive(appId: string): Promise<AgentWithExtras | null> {
      const [found] = await withExtras()
        .where(and(eq(apps.id, appId), isNull(apps.deletedAt), eq(apps.isOfficial, false)))
        .limit(1);
      return found ?? null;
    },

    async listMine(ownerId: string, limit: number): Promise<AgentWithExtras[]> {
      return withExtras()
        .where(and(eq(apps.ownerId, ownerId), isNull(apps.deletedAt), eq(apps.isOfficial, false)))
        .orderBy(desc(apps.updatedAt), desc(apps.id))
        .limit(limit);
    },

    /**
     * One page of discover: listed agents, optionally searched and of one category, in the
     * sort's order with the id breaking ties. Keyset paging, so deep pages cost what the first does.
     */
    async discover(filter: {
      q?: string;
      category?: AgentCategory;
      sort: DiscoverSort;
      after?: DiscoverCursor;
      limit: number;
    }) {
      const { column, cast } = sortColumns[filter.sort];
      const tsQuery = filter.q ? discoverTsQuery(filter.q) : null;
      if (filter.q && tsQuery === null) return [];
      const conditions: (SQL | undefined)[] = [
        listed,
        filter.category ? eq(apps.category, filter.category) : undefined,
        tsQuery ? sql`${apps.searchVector} @@ to_tsquery('simple', ${tsQuery})` : undefined,
        filter.after
          ? sql`(${column}, ${apps.id}) < (${filter.after.value}::${sql.raw(cast)}, ${filter.after.id}::uuid)`
          : undefined,
      ];
      return db
        .select({ row: cardColumns, creatorName: users.username, sortValue: sql<string>`${column}::text` })
        .from(apps)
        .leftJoin(users, eq(users.id, apps.ownerId))
        .where(and(...conditions))
        .orderBy(desc(column), desc(apps.id))
        .limit(filter.limit);
    },

    /** Operator hide (or show again); the owner keeps the agent. Null: no such live agent. */
    async setHidden(appId: string, hidden: boolean, reason: string): Promise<AppRow | null> {
      const [row] = await db
        .update(apps)
        .set(
          hidden
            ? { hiddenAt: sql`coalesce(${apps.hiddenAt}, now())`, hiddenReason: reason || null, updatedAt: sql`${apps.updatedAt}` }
            : { hiddenAt: null, hiddenReason: null, updatedAt: sql`${apps.updatedAt}` },
        )
        .where(and(eq(apps.id, appId), isNull(apps.deletedAt), eq(apps.isOfficial, false)))
        .returning();
      return row ?? null;
    },
  };
}

export type AgentRepo = ReturnType<typeof agentRepo>;
