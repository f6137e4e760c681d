import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { apps } from './apps.js';
import { createdAt } from './columns.js';
import { users } from './users.js';
import { visitors } from './visitors.js';

/**
 * API keys to one agent (`/v1/chat/completions`). Only the key's SHA-256 is kept; `prefix` is
 * the start of the key, shown so an owner can tell keys apart. Each key asks as its own visitor
 * (`visitor_id`), so its conversations, usage ledger and monthly tokens are that visitor's.
 */
export const agentApiKeys = pgTable(
  'agent_api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    /** Who made it: the agent's owner when it was made. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    visitorId: uuid('visitor_id')
      .notNull()
      .references(() => visitors.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    /** Calls a minute before 429. */
    ratePerMinute: integer('rate_per_minute').notNull(),
    /** Tokens (prompt and answer) a calendar month (UTC) before 429; null: no budget. */
    monthlyTokens: integer('monthly_tokens'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt,
  },
  (t) => [
    uniqueIndex('agent_api_keys_secret_hash_key').on(t.secretHash),
    uniqueIndex('agent_api_keys_visitor_key').on(t.visitorId),
    index('agent_api_keys_app_idx').on(t.appId, t.createdAt),
    check('agent_api_keys_rate_check', sql`${t.ratePerMinute} > 0`),
    check('agent_api_keys_monthly_tokens_check', sql`${t.monthlyTokens} is null or ${t.monthlyTokens} > 0`),
  ],
);
