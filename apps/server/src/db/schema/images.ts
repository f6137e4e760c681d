import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { bytea } from './custom-types.js';
import { users } from './users.js';

/**
 * Uploaded pictures (agent and profile avatars), checked and resized before they are stored.
 * Served by id; `owner_id` is null for operator and demo images.
 */
export const images = pgTable(
  'images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['app_avatar', 'user_avatar'] }).notNull(),
    mime: text('mime').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt,
  },
  (t) => [
    index('images_owner_id_idx').on(t.ownerId, t.createdAt),
    check('images_size_check', sql`${t.size} = octet_length(${t.bytes})`),
  ],
);
