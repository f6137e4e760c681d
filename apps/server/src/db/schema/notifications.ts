import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamps } from './columns.js';
import { users } from './users.js';

export const notificationKinds = [
  'feedback',
  'app_published',
  'app_hidden',
  'app_restored',
  'app_review_declined',
  'share_opened',
  'quota',
  'usage',
  'announcement',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/**
 * Operator posts for every user's messages page. `title` and `body` are what readers see when
 * `translations` has nothing in their language; `translations` maps a locale to its own text.
 * `locale` records the language of `title`/`body` when the poster gave one (the admin CLI's
 * `--locale`); reading does not depend on it.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    locale: text('locale'),
    translations: jsonb('translations').$type<Partial<Record<string, { title: string; body: string }>>>().notNull().default({}),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [index('announcements_published_at_idx').on(t.publishedAt)],
);

/**
 * The messages page (`/user/message`). Announcements are copied in per user, at most once
 * (`announcement_id` unique per user), so paging and read state work the same for all kinds.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: notificationKinds }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    announcementId: uuid('announcement_id').references(() => announcements.id, { onDelete: 'cascade' }),
    /** What the notification is about, when news about it updates it instead of adding another (a rated answer's id). */
    subject: text('subject'),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    createdAt,
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_user_unread_idx').on(t.userId).where(sql`read_at is null`),
    uniqueIndex('notifications_user_announcement_key').on(t.userId, t.announcementId),
    uniqueIndex('notifications_user_kind_subject_key').on(t.userId, t.kind, t.subject).where(sql`subject is not null`),
  ],
);
