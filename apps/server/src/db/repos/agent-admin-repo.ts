import { and, desc, eq, getTableColumns, ilike, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { AgentVisibility } from '@parley/contracts';
import type { Database } from '../client.js';
import { apps, users } from '../schema/index.js';
import type { AppRow } from './app-repo.js';
import type { TimeIdCursor } from './time-id-cursor.js';
import { containsPattern } from './like-pattern.js';

export interface AgentAdminFilter {
  q?: string;
  visibility?: AgentVisibility;
  hidden?: boolean;
  held?: boolean;
}

export interface AgentAdminRow {
  row: AppRow;
  ownerName: string | null;
}


/** Every live agent, the official assistant apart: what operators list, hide and review. */
const liveAgent = and(isNull(apps.deletedAt), eq(apps.isOfficial, false));
const held = isNotNull(apps.reviewRequestedAt);

/** Agents as operators see them: all owners', searched and filtered, and the review queue. */
export function agentAdminRepo(db: Database) {
  const withOwner = () =>
    db
      .select({ row: getTableColumns(apps), ownerName: users.username, cursorAt: sql<string>`${apps.createdAt}::text` })
      .from(apps)
      .leftJoin(users, eq(users.id, apps.ownerId));

  return {
    /** Newest first, older than `before`. */
    async page(filter: AgentAdminFilter, options: { before?: TimeIdCursor; limit: number }) {
      const conditions: (SQL | undefined)[] = [
        liveAgent,
        filter.q ? ilike(apps.name, containsPattern(filter.q)) : undefined,
        filter.visibility ? eq(apps.visibility, filter.visibility) : undefined,
        filter.hidden === undefined ? undefined : filter.hidden ? isNotNull(apps.hiddenAt) : isNull(apps.hiddenAt),
        filter.held === undefined ? undefined : filter.held ? held : isNull(apps.reviewRequestedAt),
      ];
      if (options.before) {
        const { createdAt, id } = options.before;
        conditions.push(sql`(${apps.createdAt}, ${apps.id}) < (${createdAt}::timestamptz, ${id}::uuid)`);
      }
      return withOwner()
        .where(and(...conditions))
        .orderBy(desc(apps.createdAt), desc(apps.id))
        .limit(options.limit);
    },

    async find(appId: string): Promise<AgentAdminRow | null> {
      const [found] = await withOwner()
        .where(and(eq(apps.id, appId), liveAgent))
        .limit(1);
      return found ?? null;
    },

    /** How many agents wait for an operator's review. */
    async heldCount(): Promise<number> {
      return db.$count(apps, and(liveAgent, held));
    },

    /** Publishes a held agent as it is; null when it waits for no review. */
    async approve(appId: string): Promise<AppRow | null> {
      const [row] = await db
        .update(apps)
        .set({
          visibility: 'public',
          publishedAt: sql`coalesce(${apps.publishedAt}, now())`,
          reviewRequestedAt: null,
          reviewProblems: null,
          updatedAt: sql`${apps.updatedAt}`,
        })
        .where(and(eq(apps.id, appId), liveAgent, held))
        .returning();
      return row ?? null;
    },

    /** Takes a held agent out of the queue, unpublished; null when it waits for no review. */
    async decline(appId: string): Promise<AppRow | null> {
      const [row] = await db
        .update(apps)
        .set({ reviewRequestedAt: null, reviewProblems: null, updatedAt: sql`${apps.updatedAt}` })
        .where(and(eq(apps.id, appId), liveAgent, held))
        .returning();
      return row ?? null;
    },
  };
}

export type AgentAdminRepo = ReturnType<typeof agentAdminRepo>;
