import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { chatItems, chats, type ContentReportReason } from '../schema/index.js';
import { ownedBy, type Owner } from './owner-scope.js';

/** Reports of answers, as the people who read them file them: only answers in their own chats. */
export function reportRepo(db: Database) {
  return {
    /**
     * Files (or, for an answer the owner reported before, replaces and reopens) a report of an
     * answer in the owner's live chat. 'not_found' when there is no such message in their chat.
     */
    async reportAnswer(
      owner: Owner,
      target: { appId: string; chatId: string; itemId: string },
      report: { reason: ContentReportReason; note: string },
    ): Promise<{ id: string } | 'not_found' | 'not_answer'> {
      const [item] = await db
        .select({ role: chatItems.role })
        .from(chatItems)
        .innerJoin(chats, eq(chats.id, chatItems.chatId))
        .where(and(eq(chatItems.id, target.itemId), eq(chats.id, target.chatId), eq(chats.appId, target.appId), ownedBy(chats, owner), isNull(chats.deletedAt)));
      if (!item) return 'not_found';
      if (item.role !== 'assistant') return 'not_answer';
      const rows = await db.execute<{ id: string }>(sql`
        insert into content_reports (chat_item_id, app_id, user_id, visitor_id, reason, note)
        values (${target.itemId}, ${target.appId}, ${owner.userId}, ${owner.visitorId}, ${report.reason}, ${report.note})
        on conflict (chat_item_id, coalesce(user_id, visitor_id)) do update
          set reason = excluded.reason, note = excluded.note, created_at = now(), closed_at = null, closed_by = null
        returning id`);
      const id = (rows as unknown as { rows: { id: string }[] }).rows[0]?.id;
      if (!id) throw new Error('report insert returned no row');
      return { id };
    },
  };
}

export type ReportRepo = ReturnType<typeof reportRepo>;
