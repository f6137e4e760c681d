import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { conversationShares, type ConversationSnapshot } from '../schema/index.js';
import { ownedBy, type Owner } from './owner-scope.js';

export type ChatShareRow = typeof conversationShares.$inferSelect;

export interface ChatShareSummary {
  shareCode: string;
  chatId: string | null;
  title: string;
  itemCount: number;
  createdAt: Date;
}

const summaryColumns = {
  shareCode: conversationShares.shareCode,
  chatId: conversationShares.chatId,
  title: sql<string>`${conversationShares.snapshot}->>'title'`,
  itemCount: sql<number>`jsonb_array_length(${conversationShares.snapshot}->'items')::int`,
  createdAt: conversationShares.createdAt,
};

/** Frozen copies of chats behind share codes. Managing them is the owner's; reading one needs only the code. */
export function chatShareRepo(db: Database) {
  const liveShares = (owner: Owner) => and(ownedBy(conversationShares, owner), isNull(conversationShares.revokedAt));

  return {
    async create(
      owner: Owner,
      share: { shareCode: string; chatId: string; appId: string; snapshot: ConversationSnapshot },
    ): Promise<ChatShareSummary> {
      const [row] = await db
        .insert(conversationShares)
        .values({ ...share, ...owner })
        .returning(summaryColumns);
      if (!row) throw new Error('share insert returned no row');
      return row;
    },

    /** The owner's live shares, newest first. */
    list(owner: Owner, chatId?: string): Promise<ChatShareSummary[]> {
      return db
        .select(summaryColumns)
        .from(conversationShares)
        .where(and(liveShares(owner), chatId ? eq(conversationShares.chatId, chatId) : undefined))
        .orderBy(desc(conversationShares.createdAt), desc(conversationShares.id));
    },

    /** False when the code is not a live share of `owner`. */
    async revoke(owner: Owner, shareCode: string): Promise<boolean> {
      const revoked = await db
        .update(conversationShares)
        .set({ revokedAt: sql`now()` })
        .where(and(liveShares(owner), eq(conversationShares.shareCode, shareCode)))
        .returning({ id: conversationShares.id });
      return revoked.length > 0;
    },

    /**
     * A live share for anyone holding its code. The first open by someone other than the
     * owner is recorded (the owner may be told their link was opened).
     */
    async open(shareCode: string, viewer: Owner): Promise<(ChatShareRow & { firstOpen: boolean }) | null> {
      const live = and(eq(conversationShares.shareCode, shareCode), isNull(conversationShares.revokedAt));
      const [row] = await db.select().from(conversationShares).where(live).limit(1);
      if (!row || row.openedAt !== null) return row ? { ...row, firstOpen: false } : null;
      const marked = await db
        .update(conversationShares)
        .set({ openedAt: sql`now()` })
        .where(and(live, isNull(conversationShares.openedAt), sql`not coalesce(${ownedBy(conversationShares, viewer)}, false)`))
        .returning({ id: conversationShares.id });
      return { ...row, firstOpen: marked.length === 1 };
    },
  };
}

export type ChatShareRepo = ReturnType<typeof chatShareRepo>;
