import { bigint, date, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';
import { ownerCheck, ownerColumns } from './owner.js';

/**
 * Tokens and messages per owner, day (UTC) and model. Monthly usage for `/config` and a
 * visitor's daily message quota are sums over it; writes upsert on the unique key.
 */
export const usageLedger = pgTable(
  'usage_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ...ownerColumns(),
    day: date('day', { mode: 'string' }).notNull(),
    model: text('model').notNull(),
    promptTokens: bigint('prompt_tokens', { mode: 'number' }).notNull().default(0),
    completionTokens: bigint('completion_tokens', { mode: 'number' }).notNull().default(0),
    messages: integer('messages').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    ownerCheck('usage_ledger_owner_check', t),
    // one key for both owner kinds: the absent owner is null and must compare equal
    unique('usage_ledger_owner_day_model_key').on(t.userId, t.visitorId, t.day, t.model).nullsNotDistinct(),
    index('usage_ledger_visitor_day_idx').on(t.visitorId, t.day),
    index('usage_ledger_day_idx').on(t.day),
  ],
);
