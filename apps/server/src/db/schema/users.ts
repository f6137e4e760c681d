import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex, uuid, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';

/** Registered accounts. Phone sign-in arrives with the accounts issue; the shape is set now. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    areaCode: text('area_code').notNull().default('86'),
    mobile: text('mobile'),
    passwordHash: text('password_hash'),
    headUrl: text('head_url'),
    isOperator: boolean('is_operator').notNull().default(false),
    disabledAt: timestamp('disabled_at', { withTimezone: true, mode: 'date' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_mobile_key').on(t.areaCode, t.mobile),
    index('users_created_at_idx').on(t.createdAt),
  ],
);
