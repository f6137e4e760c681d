import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, fileContent, fileContentRules } from './columns.js';
import { users } from './users.js';

/**
 * Uploaded pictures (agent and profile avatars), checked and resized before they are stored.
 * Served by id; `owner_id` is null for operator and demo images. The bytes are in the row or in
 * object storage (`fileContent`).
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
    ...fileContent,
    createdAt,
  },
  (t) => [
    index('images_owner_id_idx').on(t.ownerId, t.createdAt),
    ...fileContentRules('images', t),
  ],
);
