import type { ChatAppInfo } from '@parley/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { apps, users } from '../schema/index.js';

export type AppRow = typeof apps.$inferSelect;

/** What the official assistant's row holds; `ensureOfficial` keeps the row in step with it. */
export type OfficialAppSeed = Pick<
  AppRow,
  'name' | 'intro' | 'avatarUrl' | 'systemPrompt' | 'openingMessage' | 'suggestedQuestions' | 'category'
>;

/** An app someone may chat with (or read old chats of), with its creator's name. */
export interface ChatApp {
  row: AppRow;
  creatorName: string | null;
}

export function toChatAppInfo({ row, creatorName }: ChatApp): ChatAppInfo {
  return {
    id: row.id,
    name: row.name,
    avatarUrl: row.avatarUrl,
    intro: row.intro,
    openingMessage: row.openingMessage,
    suggestedQuestions: row.suggestedQuestions,
    isOfficial: row.isOfficial,
    creatorName: row.isOfficial ? null : creatorName,
    deleted: row.deletedAt !== null || row.hiddenAt !== null,
  };
}

/** The app may take new questions: not deleted, not hidden by an operator. */
export function isChatOpen(app: ChatApp): boolean {
  return app.row.deletedAt === null && app.row.hiddenAt === null;
}

export function appRepo(db: Database) {
  const withCreator = () =>
    db
      .select({ row: apps, creatorName: users.username })
      .from(apps)
      .leftJoin(users, eq(users.id, apps.ownerId));

  return {
    /** Creates the official assistant on first start and keeps its texts current afterwards. */
    async ensureOfficial(seed: OfficialAppSeed): Promise<AppRow> {
      const [row] = await db
        .insert(apps)
        .values({ ...seed, isOfficial: true, visibility: 'public' })
        .onConflictDoUpdate({
          target: apps.isOfficial,
          targetWhere: sql`is_official`,
          set: { ...seed, updatedAt: sql`now()` },
        })
        .returning();
      if (!row) throw new Error('official app upsert returned no row');
      return row;
    },

    async findOfficial(): Promise<ChatApp | null> {
      const [found] = await withCreator().where(eq(apps.isOfficial, true)).limit(1);
      return found ?? null;
    },

    /**
     * An app as `viewerId` may see it for chatting: public and unlisted apps for anyone,
     * private ones for their owner only. Deleted or hidden apps are still returned (old chats
     * stay readable); `isChatOpen` says whether new questions are taken.
     */
    async findForChat(appId: string, viewerId: string | null): Promise<ChatApp | null> {
      const [found] = await withCreator().where(eq(apps.id, appId)).limit(1);
      if (!found) return null;
      const { row } = found;
      if (row.visibility === 'private' && !row.isOfficial && (viewerId === null || row.ownerId !== viewerId)) {
        return null;
      }
      return found;
    },

    /** Live apps only (for counters and listings). */
    async findLive(appId: string): Promise<AppRow | null> {
      const [row] = await db
        .select()
        .from(apps)
        .where(and(eq(apps.id, appId), isNull(apps.deletedAt)))
        .limit(1);
      return row ?? null;
    },
  };
}

export type AppRepo = ReturnType<typeof appRepo>;
