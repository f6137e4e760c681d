import { check, index, pgTable, text, timestamp, uuid, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt } from './columns.js';
import { users } from './users.js';
import { visitors } from './visitors.js';

/**
 * Bearer tokens for users and visitors. Only the SHA-256 of a token is stored; the token
 * itself (32 random bytes, base64url) is shown to its holder once.
 */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['user', 'visitor'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    visitorId: uuid('visitor_id').references(() => visitors.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    createdAt,
  },
  (t) => [
    uniqueIndex('auth_tokens_token_hash_key').on(t.tokenHash),
    index('auth_tokens_user_id_idx').on(t.userId),
    index('auth_tokens_visitor_id_idx').on(t.visitorId),
    check(
      'auth_tokens_owner_check',
      sql`(${t.kind} = 'user' and ${t.userId} is not null and ${t.visitorId} is null) or (${t.kind} = 'visitor' and ${t.visitorId} is not null and ${t.userId} is null)`,
    ),
  ],
);
