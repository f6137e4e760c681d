import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/**
 * Objects in the S3 bucket to delete once `due_at` has passed, by key. Two kinds of key land here:
 * - a file row's key when the row is deleted or stops naming it (moved back into the database):
 *   written by the tables' trigger (migration 0017) in the same transaction, whatever deleted the
 *   row, cascades from an agent or an account included;
 * - the key of an upload under way, due a day later: the row that takes the key removes it (the
 *   same trigger), so only an upload cut off by a crash leaves it to be cleaned up.
 * The `storage.sweep` job deletes the due objects, then their keys here.
 */
export const objectDeletions = pgTable(
  'object_deletions',
  {
    key: text('key').primaryKey(),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdAt,
  },
  (t) => [index('object_deletions_due_at_idx').on(t.dueAt)],
);
