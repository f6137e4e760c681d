import { sql } from 'drizzle-orm';
import { check, uuid, type PgColumn } from 'drizzle-orm/pg-core';
import { users } from './users.js';
import { visitors } from './visitors.js';

/**
 * Rows owned by either a registered user or an anonymous visitor. Fresh builders per table;
 * both cascade, so deleting an account or purging a visitor removes what they own.
 */
export function ownerColumns() {
  return {
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    visitorId: uuid('visitor_id').references(() => visitors.id, { onDelete: 'cascade' }),
  };
}

/** Exactly one of user_id and visitor_id is set. */
export function ownerCheck(name: string, t: { userId: PgColumn; visitorId: PgColumn }) {
  return check(name, sql`num_nonnulls(${t.userId}, ${t.visitorId}) = 1`);
}
