import { sql } from 'drizzle-orm';
import { integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';
import { users } from './users.js';

/** A user's prompt store, synced across browsers. Titles and contents are unique per owner. */
export const prompts = pgTable(
  'prompts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** Place in the user's list, 0 first (the newest, as the store shows it). */
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('prompts_user_title_key').on(t.userId, t.title),
    // md5 keeps long contents within the btree row limit
    uniqueIndex('prompts_user_content_key').on(t.userId, sql`md5(${t.content})`),
  ],
);
