import { sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { visitors } from '../schema/index.js';

export type Visitor = typeof visitors.$inferSelect;

export function visitorRepo(db: Database) {
  return {
    /** The visitor for a device, created on first sight; a returning device refreshes last_seen_at. */
    async upsertByDeviceNumber(deviceNumber: string): Promise<Visitor> {
      const [visitor] = await db
        .insert(visitors)
        .values({ deviceNumber })
        .onConflictDoUpdate({ target: visitors.deviceNumber, set: { lastSeenAt: sql`now()` } })
        .returning();
      if (!visitor) throw new Error('visitor upsert returned no row');
      return visitor;
    },
  };
}

export type VisitorRepo = ReturnType<typeof visitorRepo>;
