import { index, pgTable, text, timestamp, uuid, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';
import { users } from './users.js';

/** Anonymous visitors, one per 24-digit device id. `mergedIntoUserId` is set once they sign in. */
export const visitors = pgTable(
  'visitors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceNumber: text('device_number').notNull(),
    mergedIntoUserId: uuid('merged_into_user_id').references(() => users.id, { onDelete: 'set null' }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [uniqueIndex('visitors_device_number_key').on(t.deviceNumber), index('visitors_created_at_idx').on(t.createdAt)],
);
