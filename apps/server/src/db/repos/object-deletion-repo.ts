import { and, asc, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { objectDeletions } from '../schema/index.js';

/**
 * The objects to delete from the bucket (schema/object-deletions.ts): the storage reserves an
 * upload's key here before writing it, the file tables' trigger adds the keys of rows deleted or
 * moved back into the database, and the sweep reads what is due and forgets what it deleted.
 */
export function objectDeletionRepo(db: Database) {
  return {
    async reserve(key: string, dueAt: Date): Promise<void> {
      await db.insert(objectDeletions).values({ key, dueAt }).onConflictDoNothing();
    },

    /** Due keys, oldest first; one a row still names is never answered (the trigger keeps that from happening). */
    async due(limit: number): Promise<string[]> {
      const rows = await db
        .select({ key: objectDeletions.key })
        .from(objectDeletions)
        .where(
          and(
            lte(objectDeletions.dueAt, sql`now()`),
            // spelled out: drizzle leaves a one-table select's columns unqualified, which a subquery would misread
            sql`not exists (select 1 from images i where i.storage_key = "object_deletions"."key")`,
            sql`not exists (select 1 from knowledge_files f where f.storage_key = "object_deletions"."key")`,
          ),
        )
        .orderBy(asc(objectDeletions.dueAt))
        .limit(limit);
      return rows.map((row) => row.key);
    },

    async forget(keys: string[]): Promise<void> {
      if (keys.length > 0) await db.delete(objectDeletions).where(inArray(objectDeletions.key, keys));
    },

    /** How many objects wait to be deleted, and how many of them are due. */
    async counts(): Promise<{ waiting: number; due: number }> {
      const [row] = await db
        .select({
          waiting: sql<number>`count(*)::int`,
          due: sql<number>`(count(*) filter (where ${objectDeletions.dueAt} <= now()))::int`,
        })
        .from(objectDeletions);
      return { waiting: row?.waiting ?? 0, due: row?.due ?? 0 };
    },
  };
}

export type ObjectDeletionRepo = ReturnType<typeof objectDeletionRepo>;
