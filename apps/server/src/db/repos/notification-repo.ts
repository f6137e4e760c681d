import { and, count, desc, eq, getTableColumns, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { NotificationKind } from '@parley/contracts';
import type { TimeIdCursor } from './time-id-cursor.js';
import type { Database } from '../client.js';
import { announcements, apps, chatItems, notifications, users } from '../schema/index.js';

export type AnnouncementTranslations = (typeof announcements.$inferSelect)['translations'];
/** A notification as listed; announcements bring their translations along. */
export type NotificationRow = typeof notifications.$inferSelect & { translations: AnnouncementTranslations | null };
export interface NewNotification {
  kind: NotificationKind;
  data: Record<string, unknown>;
  title?: string;
  body?: string;
}
/** Where a page starts: strictly older than this (created_at, id). */
export type NotificationCursor = TimeIdCursor;

/** One user's messages page: every query carries the user's id. */
export function notificationRepo(db: Database, userId: string) {
  const mine = eq(notifications.userId, userId);
  const unread = isNull(notifications.readAt);
  return {
    /** Copies in announcements published since the account was made, once each. */
    async syncAnnouncements(): Promise<void> {
      await db.execute(sql`
        insert into notifications (user_id, kind, title, body, announcement_id, data, created_at)
        select ${userId}, 'announcement', a.title, a.body, a.id, jsonb_build_object('announcementId', a.id), a.published_at
        from announcements a join users u on u.id = ${userId}
        where a.published_at <= now() and a.published_at >= u.created_at
        on conflict (user_id, announcement_id) do nothing`);
    },

    async page(options: { before?: NotificationCursor; limit: number; unreadOnly: boolean }): Promise<(NotificationRow & { cursorAt: string })[]> {
      const conditions: SQL[] = [mine];
      if (options.unreadOnly) conditions.push(unread);
      if (options.before) {
        const { createdAt, id } = options.before;
        conditions.push(sql`(${notifications.createdAt}, ${notifications.id}) < (${createdAt}::timestamptz, ${id}::uuid)`);
      }
      return db
        .select({ ...getTableColumns(notifications), translations: announcements.translations, cursorAt: sql<string>`${notifications.createdAt}::text` })
        .from(notifications)
        .leftJoin(announcements, eq(announcements.id, notifications.announcementId))
        .where(and(...conditions))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(options.limit);
    },

    async unreadCount(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(notifications).where(and(mine, unread));
      return row?.n ?? 0;
    },

    /** false when the notification is not this user's. */
    async markRead(id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(mine, eq(notifications.id, id)))
        .limit(1);
      if (!row) return false;
      await db.update(notifications).set({ readAt: sql`now()` }).where(and(mine, eq(notifications.id, id), unread));
      return true;
    },

    async markAllRead(): Promise<void> {
      await db.update(notifications).set({ readAt: sql`now()` }).where(and(mine, unread));
    },
  };
}

/** Writing notifications, for any user (events come from other users' actions). */
export function notificationWriter(db: Database) {
  return {
    /**
     * The one notification of `userId` about `subject` (of this kind): new, or brought up to
     * date, unread again and first in the list, as news about the same thing comes.
     */
    async upsertAbout(userId: string, subject: string, item: NewNotification): Promise<typeof notifications.$inferSelect> {
      const [row] = await db
        .insert(notifications)
        .values({ userId, kind: item.kind, subject, data: item.data, title: item.title ?? '', body: item.body ?? '' })
        .onConflictDoUpdate({
          target: [notifications.userId, notifications.kind, notifications.subject],
          targetWhere: sql`subject is not null`,
          set: { data: sql`excluded.data`, readAt: null, createdAt: sql`now()` },
        })
        .returning();
      if (!row) throw new Error('notification upsert returned no row');
      return row;
    },

    /** A rated answer with the question it answers, for the owner's notification (null when gone). */
    async ratedExchange(answerId: string): Promise<{ question: string; answer: string } | null> {
      const [answer] = await db
        .select({ chatId: chatItems.chatId, seq: chatItems.seq, content: chatItems.content })
        .from(chatItems)
        .where(eq(chatItems.id, answerId))
        .limit(1);
      if (!answer) return null;
      const [question] = await db
        .select({ content: chatItems.content })
        .from(chatItems)
        .where(and(eq(chatItems.chatId, answer.chatId), eq(chatItems.role, 'user'), lt(chatItems.seq, answer.seq)))
        .orderBy(desc(chatItems.seq))
        .limit(1);
      return { question: question?.content ?? '', answer: answer.content };
    },

    async insert(userId: string, item: NewNotification): Promise<typeof notifications.$inferSelect> {
      const [row] = await db
        .insert(notifications)
        .values({ userId, kind: item.kind, data: item.data, title: item.title ?? '', body: item.body ?? '' })
        .returning();
      if (!row) throw new Error('notification insert returned no row');
      return row;
    },

    /** The live owner and name of an agent, or null (official, deleted or ownerless). */
    async appOwner(appId: string): Promise<{ ownerId: string; name: string } | null> {
      const [row] = await db
        .select({ ownerId: apps.ownerId, name: apps.name })
        .from(apps)
        .innerJoin(users, eq(users.id, apps.ownerId))
        .where(and(eq(apps.id, appId), isNull(apps.deletedAt), isNull(users.deletedAt)))
        .limit(1);
      return row?.ownerId ? { ownerId: row.ownerId, name: row.name } : null;
    },

    async announce(values: { title: string; body: string; locale?: string | null; translations: AnnouncementTranslations; createdBy: string | null }) {
      const [row] = await db.insert(announcements).values(values).returning();
      if (!row) throw new Error('announcement insert returned no row');
      return row;
    },

    /** The latest announcements with their authors' names, newest first (the operators' console). */
    async recentAnnouncements(limit: number) {
      return db
        .select({ row: announcements, authorName: users.username })
        .from(announcements)
        .leftJoin(users, eq(users.id, announcements.createdBy))
        .orderBy(desc(announcements.publishedAt), desc(announcements.id))
        .limit(limit);
    },
  };
}

export type NotificationRepo = ReturnType<typeof notificationRepo>;
export type NotificationWriter = ReturnType<typeof notificationWriter>;
