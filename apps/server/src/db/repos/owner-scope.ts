import type { IdentityData } from '@parley/contracts';
import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * Who owns a row of an owned table (chats, shares): a user or a visitor, never both. Both keys
 * are present, one null, so `{ ...owner }` fills the owner columns of an insert.
 */
export type Owner = { userId: string; visitorId: null } | { userId: null; visitorId: string };

export function ownerOf(identity: IdentityData): Owner {
  return identity.kind === 'user'
    ? { userId: identity.userId, visitorId: null }
    : { userId: null, visitorId: identity.visitorId };
}

/** One string per owner: the key of its rate limits, running answers and logged streams. */
export function ownerKey(owner: Owner): string {
  return owner.userId !== null ? `user:${owner.userId}` : `visitor:${owner.visitorId}`;
}

/** The ownership condition every query of an owned table carries. */
export function ownedBy(table: { userId: PgColumn; visitorId: PgColumn }, owner: Owner): SQL {
  return owner.userId !== null ? eq(table.userId, owner.userId) : eq(table.visitorId, owner.visitorId);
}
