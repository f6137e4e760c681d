import { and, asc, count, desc, eq, exists, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../client.js';
import { apps, chatItems, chats, users } from '../schema/index.js';
import { refreshPopularity } from './app-activity-repo.js';
import type { ChatApp } from './app-repo.js';
import { ownedBy, type Owner } from './owner-scope.js';
import { contentSoFar } from './answer-parts.js';

export type ChatRow = typeof chats.$inferSelect;
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Only questions and answers are shown; system rows (if any) stay server-side. */
const shownRoles = ['user', 'assistant'] as const;

const historyColumns = {
  chatId: chats.id,
  appId: chats.appId,
  title: chats.title,
  top: chats.top,
  updatedAt: chats.updatedAt,
  appName: apps.name,
  appAvatarUrl: apps.avatarUrl,
  // closed for the chat's owner, as `closedBecause` (app-repo) decides: deleted for everyone;
  // hidden by an operator or made private, for everyone but the agent's own creator
  appDeleted: sql<boolean>`(${apps.deletedAt} is not null or ((${apps.hiddenAt} is not null or (${apps.visibility} = 'private' and not ${apps.isOfficial})) and ${apps.ownerId} is distinct from ${chats.userId}))`,
};

const itemColumns = {
  id: chatItems.id,
  seq: chatItems.seq,
  role: sql<(typeof shownRoles)[number]>`${chatItems.role}`,
  // an answer still streaming shows the text saved so far
  content: contentSoFar,
  status: chatItems.status,
  error: chatItems.error,
  errorKind: chatItems.errorKind,
  reasoning: chatItems.reasoning,
  reasoningMs: chatItems.reasoningMs,
  reasoningTokens: chatItems.reasoningTokens,
  cutShort: chatItems.cutShort,
  citations: chatItems.citations,
  model: chatItems.model,
  requestedModel: chatItems.requestedModel,
  promptTokens: chatItems.promptTokens,
  completionTokens: chatItems.completionTokens,
  userGoodFeedback: chatItems.userGoodFeedback,
  userBadFeedback: chatItems.userBadFeedback,
  customFeedbacks: chatItems.customFeedbacks,
  createdAt: chatItems.createdAt,
};

export interface HistoryRow {
  chatId: string;
  appId: string;
  title: string;
  top: boolean;
  updatedAt: Date;
  appName: string;
  appAvatarUrl: string | null;
  appDeleted: boolean;
}
type ChatItemRow = typeof chatItems.$inferSelect;
export type ItemRow = Pick<ChatItemRow, Exclude<keyof typeof itemColumns, 'role'>> & { role: (typeof shownRoles)[number] };
export interface FeedbackState {
  userGoodFeedback: boolean;
  userBadFeedback: boolean;
  customFeedbacks: string[];
}
/** Why a write to a chat did not happen. */
export type ChatRefusal = 'not_found' | 'streaming';

/** A live chat of `owner`: the condition every chat query here carries. */
function liveChat(owner: Owner, chatId: string, appId?: string): SQL {
  return and(eq(chats.id, chatId), ownedBy(chats, owner), isNull(chats.deletedAt), appId ? eq(chats.appId, appId) : undefined)!;
}

/** Moves an app's like counters by a feedback transition; feedback is not an edit of the app, so updated_at stays. */
async function moveLikeCounters(tx: Transaction, appId: string, goodDelta: number, badDelta: number) {
  if (goodDelta === 0 && badDelta === 0) return;
  await tx
    .update(apps)
    .set({
      goodCount: sql`greatest(${apps.goodCount} + ${goodDelta}, 0)`,
      badCount: sql`greatest(${apps.badCount} + ${badDelta}, 0)`,
      updatedAt: sql`${apps.updatedAt}`,
    })
    .where(eq(apps.id, appId));
  await refreshPopularity(tx, appId);
}

/** Deleted messages take their thumbs with them. */
function uncount(tx: Transaction, appId: string, removed: { good: boolean; bad: boolean }[]) {
  const total = (key: 'good' | 'bad') => removed.filter((item) => item[key]).length;
  return moveLikeCounters(tx, appId, -total('good'), -total('bad'));
}

const removedFeedback = { good: chatItems.userGoodFeedback, bad: chatItems.userBadFeedback };

/**
 * Chat lists and the reading and managing of one's own chats and messages. Every function
 * takes the owner and puts it into its queries: someone else's chat is simply not found.
 */
export function historyRepo(db: Database) {
  /** Items of a live chat of `owner`; the owner check is an init plan evaluated once. */
  const itemsOf = (owner: Owner, chatId: string) =>
    and(eq(chatItems.chatId, chatId), exists(db.select({ one: sql`1` }).from(chats).where(liveChat(owner, chatId))));

  async function historyItem(owner: Owner, chatId: string): Promise<HistoryRow | null> {
    const [row] = await db
      .select(historyColumns)
      .from(chats)
      .innerJoin(apps, eq(apps.id, chats.appId))
      .where(liveChat(owner, chatId))
      .limit(1);
    return row ?? null;
  }

  /**
   * Locks a live chat of `owner` and runs `write` unless an answer in it is still being written.
   * An answer not saved for `staleAfterMs` was abandoned (its process died) and blocks nothing.
   */
  function whenIdle<T>(
    target: { owner: Owner; chatId: string; appId?: string; staleAfterMs: number },
    write: (tx: Transaction, chat: { id: string; appId: string }) => Promise<T>,
  ) {
    return db.transaction(async (tx): Promise<T | ChatRefusal> => {
      const [chat] = await tx.select({ id: chats.id, appId: chats.appId }).from(chats).where(liveChat(target.owner, target.chatId, target.appId)).for('update');
      if (!chat) return 'not_found';
      const [busy] = await tx
        .select({ id: chatItems.id })
        .from(chatItems)
        .where(
          and(
            eq(chatItems.chatId, chat.id),
            eq(chatItems.status, 'streaming'),
            gte(chatItems.updatedAt, sql`now() - make_interval(secs => ${target.staleAfterMs / 1000})`),
          ),
        )
        .limit(1);
      return busy ? 'streaming' : write(tx, chat);
    });
  }

  return {
    historyItem,

    /** The chat and the app it is with, whatever has become of the app since. */
    async findChatWithApp(owner: Owner, chatId: string): Promise<{ chat: ChatRow; app: ChatApp } | null> {
      const [found] = await db
        .select({ chat: chats, row: apps, creatorName: users.username })
        .from(chats)
        .innerJoin(apps, eq(apps.id, chats.appId))
        .leftJoin(users, eq(users.id, apps.ownerId))
        .where(liveChat(owner, chatId))
        .limit(1);
      return found ? { chat: found.chat, app: { row: found.row, creatorName: found.creatorName } } : null;
    },

    /** The owner's most recently updated live chat with `appId`. */
    async latest(owner: Owner, appId: string): Promise<ChatRow | null> {
      const [row] = await db
        .select()
        .from(chats)
        .where(and(ownedBy(chats, owner), eq(chats.appId, appId), isNull(chats.deletedAt)))
        .orderBy(desc(chats.updatedAt), desc(chats.id))
        .limit(1);
      return row ?? null;
    },

    /** Live chats with the official assistant or with agents: pinned first, then newest; id keeps paging stable. */
    async list(owner: Owner, filter: { official: boolean; appId?: string; page: number; pageSize: number }) {
      const where = and(
        ownedBy(chats, owner),
        isNull(chats.deletedAt),
        eq(apps.isOfficial, filter.official),
        filter.appId ? eq(chats.appId, filter.appId) : undefined,
      );
      const rows: HistoryRow[] = await db
        .select(historyColumns)
        .from(chats)
        .innerJoin(apps, eq(apps.id, chats.appId))
        .where(where)
        .orderBy(desc(chats.top), desc(chats.updatedAt), desc(chats.id))
        .limit(filter.pageSize)
        .offset((filter.page - 1) * filter.pageSize);
      const [counted] = await db.select({ total: count() }).from(chats).innerJoin(apps, eq(apps.id, chats.appId)).where(where);
      return { rows, total: counted?.total ?? 0 };
    },

    /** Pins or renames. updated_at stays: pinning moves a chat to the pinned group, not up the list. */
    async update(owner: Owner, target: { appId: string; chatId: string }, change: { top?: boolean; title?: string }) {
      const [row] = await db
        .update(chats)
        .set({ ...change, updatedAt: sql`${chats.updatedAt}` })
        .where(liveChat(owner, target.chatId, target.appId))
        .returning({ id: chats.id });
      return row ? historyItem(owner, row.id) : null;
    },

    /** The newest `limit` messages, or those older than message `before`; oldest first. Null: no such chat or message. */
    async pageItems(owner: Owner, chatId: string, page: { before?: string; limit: number }) {
      const [chat] = await db.select({ id: chats.id }).from(chats).where(liveChat(owner, chatId));
      if (!chat) return null;
      let beforeSeq: number | undefined;
      if (page.before) {
        const [anchor] = await db
          .select({ seq: chatItems.seq })
          .from(chatItems)
          .where(and(itemsOf(owner, chatId), eq(chatItems.id, page.before)));
        if (!anchor) return null;
        beforeSeq = anchor.seq;
      }
      const newestFirst: ItemRow[] = await db
        .select(itemColumns)
        .from(chatItems)
        .where(
          and(
            itemsOf(owner, chatId),
            inArray(chatItems.role, shownRoles),
            beforeSeq === undefined ? undefined : lt(chatItems.seq, beforeSeq),
          ),
        )
        .orderBy(desc(chatItems.seq))
        .limit(page.limit + 1);
      return { items: newestFirst.slice(0, page.limit).reverse(), hasMore: newestFirst.length > page.limit };
    },

    /** Finished questions and answers with text, in order: what a share freezes. */
    async finishedItems(owner: Owner, chatId: string): Promise<ItemRow[]> {
      return db
        .select(itemColumns)
        .from(chatItems)
        .where(
          and(
            itemsOf(owner, chatId),
            inArray(chatItems.role, shownRoles),
            inArray(chatItems.status, ['done', 'stopped']),
            sql`btrim(${chatItems.content}) <> ''`,
          ),
        )
        .orderBy(asc(chatItems.seq));
    },

    /** Soft delete: the chat leaves every list and can no longer be opened. */
    softDelete(owner: Owner, target: { appId: string; chatId: string }, staleAfterMs: number) {
      return whenIdle({ owner, ...target, staleAfterMs }, async (tx) => {
        await tx.update(chats).set({ deletedAt: sql`now()`, updatedAt: sql`${chats.updatedAt}` }).where(eq(chats.id, target.chatId));
        return 'deleted' as const;
      });
    },

    /** Removes every message; the chat stays, empty. */
    clearItems(owner: Owner, chatId: string, staleAfterMs: number) {
      return whenIdle({ owner, chatId, staleAfterMs }, async (tx, chat) => {
        const removed = await tx.delete(chatItems).where(eq(chatItems.chatId, chat.id)).returning(removedFeedback);
        await uncount(tx, chat.appId, removed);
        return 'cleared' as const;
      });
    },

    deleteItem(owner: Owner, target: { chatId: string; itemId: string }, staleAfterMs: number) {
      const { chatId, itemId } = target;
      return whenIdle({ owner, chatId, staleAfterMs }, async (tx, chat) => {
        const removed = await tx
          .delete(chatItems)
          .where(and(eq(chatItems.chatId, chat.id), eq(chatItems.id, itemId)))
          .returning(removedFeedback);
        await uncount(tx, chat.appId, removed);
        return removed.length > 0 ? ('deleted' as const) : ('not_found' as const);
      });
    },

    /**
     * Feedback on one message: `decide` turns the current state into the new one. The app's
     * like counters move by the same transition in the same transaction.
     */
    async setFeedback(
      owner: Owner,
      target: { appId: string; chatId: string; itemId: string },
      decide: (current: FeedbackState) => FeedbackState,
    ): Promise<{ previous: FeedbackState; next: FeedbackState } | 'not_found' | 'not_answer'> {
      return db.transaction(async (tx) => {
        const [item] = await tx
          .select({
            role: chatItems.role,
            appId: chats.appId,
            userGoodFeedback: chatItems.userGoodFeedback,
            userBadFeedback: chatItems.userBadFeedback,
            customFeedbacks: chatItems.customFeedbacks,
          })
          .from(chatItems)
          .innerJoin(chats, eq(chats.id, chatItems.chatId))
          .where(and(eq(chatItems.id, target.itemId), liveChat(owner, target.chatId, target.appId)))
          .for('update', { of: chatItems });
        if (!item) return 'not_found';
        if (item.role !== 'assistant') return 'not_answer';
        const next = decide(item);
        await tx
          .update(chatItems)
          .set({ ...next, feedbackAt: sql`now()` })
          .where(eq(chatItems.id, target.itemId));
        const goodDelta = Number(next.userGoodFeedback) - Number(item.userGoodFeedback);
        const badDelta = Number(next.userBadFeedback) - Number(item.userBadFeedback);
        await moveLikeCounters(tx, item.appId, goodDelta, badDelta);
        return { previous: item, next };
      });
    },
  };
}

export type HistoryRepo = ReturnType<typeof historyRepo>;
