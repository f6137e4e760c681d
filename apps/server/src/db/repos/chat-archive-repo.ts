import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { ArchivedChat } from '@parley/contracts';
import type { Database } from '../client.js';
import { apps, chatItems, chats } from '../schema/index.js';
import { ownedBy, type Owner } from './owner-scope.js';
import { contentSoFar } from './answer-parts.js';

/** Rows per insert statement, well under PostgreSQL's bind-parameter limit. */
const insertBatch = 500;

/** Every chat of one owner at once: the export, import and clear-all of the history tools. */
export function chatArchiveRepo(db: Database, owner: Owner) {
  const live = and(ownedBy(chats, owner), isNull(chats.deletedAt))!;

  return {
    /**
     * Live chats, oldest first, a page at a time, each page with its chats' questions and answers
     * in order: an export of any size holds one page in memory.
     */
    async *liveChatPages(pageSize: number) {
      // the cursor keeps created_at as PostgreSQL's text: a JS Date would drop the microseconds
      let after: { createdAt: string; id: string } | null = null;
      for (;;) {
        const page: { chat: typeof chats.$inferSelect; createdAtKey: string }[] = await db
          .select({ chat: chats, createdAtKey: sql<string>`${chats.createdAt}::text` })
          .from(chats)
          .where(after ? and(live, sql`(${chats.createdAt}, ${chats.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`) : live)
          .orderBy(asc(chats.createdAt), asc(chats.id))
          .limit(pageSize);
        if (page.length === 0) return;
        const rows = page.map((entry) => entry.chat);
        const items = await db
          .select({ chatId: chatItems.chatId, role: chatItems.role, content: contentSoFar, status: chatItems.status, createdAt: chatItems.createdAt })
          .from(chatItems)
          .where(and(inArray(chatItems.chatId, rows.map((row) => row.id)), ne(chatItems.role, 'system')))
          .orderBy(asc(chatItems.seq));
        yield { chats: rows, items };
        if (page.length < pageSize) return;
        const last = page[page.length - 1]!;
        after = { createdAt: last.createdAtKey, id: last.chat.id };
      }
    },

    /** Of `ids`, those a live chat of this owner has, as its id or as the id it was imported from. */
    async inHistory(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: chats.id, importedFrom: chats.importedFrom })
        .from(chats)
        .where(and(live, or(inArray(chats.id, ids), inArray(chats.importedFrom, ids))));
      return new Set(rows.flatMap((row) => [row.id, ...(row.importedFrom ? [row.importedFrom] : [])]));
    },

    /** Of `appIds`, those this owner may hold chats with: the official assistant, anything not private, or their own. */
    async availableApps(appIds: string[]): Promise<Set<string>> {
      if (appIds.length === 0) return new Set();
      const mine = owner.userId !== null ? eq(apps.ownerId, owner.userId) : undefined;
      const rows = await db
        .select({ id: apps.id })
        .from(apps)
        .where(and(inArray(apps.id, appIds), or(eq(apps.isOfficial, true), ne(apps.visibility, 'private'), mine)));
      return new Set(rows.map((row) => row.id));
    },

    /**
     * All chats and their messages in one transaction: either everything is stored or nothing.
     * Each gets a fresh id (the file's may be taken, by a deleted chat or by anyone) and
     * remembers the file's in imported_from.
     */
    async insertChats(list: ArchivedChat[]): Promise<void> {
      const stored = list.map((chat) => ({ ...chat, storeId: randomUUID() }));
      await db.transaction(async (tx) => {
        for (let start = 0; start < stored.length; start += insertBatch) {
          const batch = stored.slice(start, start + insertBatch);
          await tx.insert(chats).values(
            batch.map((chat) => ({
              id: chat.storeId,
              importedFrom: chat.id,
              appId: chat.appId,
              ...owner,
              title: chat.title,
              top: chat.top,
              model: chat.model ?? null,
              createdAt: new Date(chat.createdAt),
              updatedAt: new Date(chat.updatedAt),
            })),
          );
        }
        const items = stored.flatMap((chat) =>
          chat.messages.map((message) => ({
            chatId: chat.storeId,
            role: message.role,
            content: message.content,
            status: message.status,
            createdAt: new Date(message.createdAt),
            updatedAt: new Date(message.createdAt),
          })),
        );
        for (let start = 0; start < items.length; start += insertBatch) {
          await tx.insert(chatItems).values(items.slice(start, start + insertBatch));
        }
      });
    },

    /** Every live chat leaves the history (soft delete, as deleting one does); how many. */
    async deleteAll(): Promise<number> {
      const removed = await db
        .update(chats)
        .set({ deletedAt: sql`now()`, updatedAt: sql`${chats.updatedAt}` })
        .where(live)
        .returning({ id: chats.id });
      return removed.length;
    },
  };
}

export type ChatArchiveRepo = ReturnType<typeof chatArchiveRepo>;
