import type { ChatAppInfo } from '@parley/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { preparedOnce } from '../prepared.js';
import { apps, users, type ChatChannel } from '../schema/index.js';
import { sharedReads } from '../shared-reads.js';

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

/** A private agent is reached through its chat widget by anyone, while its owner lists a website for it. */
function widgetReaches(row: AppRow, channel: ChatChannel | undefined): boolean {
  return channel === 'widget' && row.widgetOrigins.length > 0;
}

/**
 * Why `viewerId` may not send new questions to this app, or null when they may. A deleted agent
 * is closed for everyone; one an operator hid stays open for its owner only; one its owner made
 * private again is closed for everyone else (their old chats stay readable), except in chats
 * through its widget while it has one.
 */
export function closedBecause(row: AppRow, viewerId: string | null, channel?: ChatChannel): ChatAppInfo['closedBecause'] {
  if (row.deletedAt !== null) return 'deleted';
  if (row.isOfficial) return null;
  const mine = viewerId !== null && row.ownerId === viewerId;
  if (mine) return null;
  if (row.hiddenAt !== null) return 'hidden';
  return row.visibility === 'private' && !widgetReaches(row, channel) ? 'private' : null;
}

/** The app as `viewerId` sees it in a chat. */
export function toChatAppInfo({ row, creatorName }: ChatApp, viewerId: string | null): ChatAppInfo {
  const closed = closedBecause(row, viewerId);
  const mine = viewerId !== null && row.ownerId === viewerId;
  return {
    id: row.id,
    name: row.name,
    avatarUrl: row.avatarUrl,
    intro: row.intro,
    openingMessage: row.openingMessage,
    suggestedQuestions: row.suggestedQuestions,
    isOfficial: row.isOfficial,
    creatorName: row.isOfficial ? null : creatorName,
    deleted: closed !== null,
    closedBecause: closed,
    hiddenByOperator: mine && row.deletedAt === null && row.hiddenAt !== null,
  };
}

/** The app takes new questions from `viewerId` in a chat of `channel` (see `closedBecause`). */
export function isChatOpen(app: ChatApp, viewerId: string | null, channel?: ChatChannel): boolean {
  return closedBecause(app.row, viewerId, channel) === null;
}

export function appRepo(db: Database) {
  const withCreator = () =>
    db
      .select({ row: apps, creatorName: users.username })
      .from(apps)
      .leftJoin(users, eq(users.id, apps.ownerId));

  // a burst of questions to one app looks it up once per round trip, not once per question
  const officialRead = sharedReads<void, ChatApp | null>(async () => {
    const query = preparedOnce(db, 'find_official_app', () => withCreator().where(eq(apps.isOfficial, true)).limit(1).prepare('find_official_app'));
    const [found] = await query.execute();
    return found ?? null;
  });
  const chatAppRead = sharedReads(async (appId: string): Promise<ChatApp | null> => {
    const query = preparedOnce(db, 'find_app_for_chat', () =>
      withCreator().where(eq(apps.id, sql.placeholder('appId'))).limit(1).prepare('find_app_for_chat'),
    );
    const [found] = await query.execute({ appId });
    return found ?? null;
  });

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

    findOfficial(): Promise<ChatApp | null> {
      return officialRead();
    },

    /**
     * An app as `viewerId` may see it for chatting: public and unlisted apps for anyone,
     * private ones for their owner only. Deleted or hidden apps are still returned (old chats
     * stay readable); `isChatOpen` says whether new questions are taken.
     */
    async findForChat(appId: string, viewerId: string | null, channel?: ChatChannel): Promise<ChatApp | null> {
      const found = await chatAppRead(appId);
      if (!found) return null;
      const { row } = found;
      if (row.visibility === 'private' && !row.isOfficial && (viewerId === null || row.ownerId !== viewerId) && !widgetReaches(row, channel)) {
        return null;
      }
      return found;
    },

    /** An app with its creator's name whatever its state (the operators' console). */
    async findWithCreator(appId: string): Promise<ChatApp | null> {
      const [found] = await withCreator().where(eq(apps.id, appId)).limit(1);
      return found ?? null;
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
