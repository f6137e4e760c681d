import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { images, knowledgeFiles } from '../schema/index.js';

/** The tables whose rows hold an uploaded file (db/schema/columns.ts `fileContent`). */
export const fileTables = { images, knowledge_files: knowledgeFiles } as const;
export type FileTable = keyof typeof fileTables;

/** Where a file's bytes are. */
export type FilePlace = 'database' | 'bucket';

/** One stored file as the move between the database and the bucket reads it. */
export interface StoredFileRow {
  id: string;
  size: number;
  sha256: string;
  bytes: Uint8Array | null;
  storageKey: string | null;
}

/**
 * Every uploaded file, whatever it belongs to, for the operator's storage commands: which are
 * where, and moving one file's bytes between its row and the bucket, one row at a time. Each move
 * is one conditional update, so a row changed or deleted meanwhile is left as it is.
 */
export function storedFileRepo(db: Database) {
  return {
    /** Ids of the table's files kept in `place`, in id order after `afterId`. */
    async idsIn(table: FileTable, place: FilePlace, afterId: string | null, limit: number): Promise<string[]> {
      const t = fileTables[table];
      const rows = await db
        .select({ id: t.id })
        .from(t)
        .where(and(isNotNull(place === 'database' ? t.bytes : t.storageKey), afterId === null ? undefined : gt(t.id, afterId)))
        .orderBy(asc(t.id))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    async load(table: FileTable, id: string): Promise<StoredFileRow | null> {
      const t = fileTables[table];
      const [row] = await db.select({ id: t.id, size: t.size, sha256: t.sha256, bytes: t.bytes, storageKey: t.storageKey }).from(t).where(eq(t.id, id));
      return row ?? null;
    },

    /** The file's bytes are in the bucket under `key`: the row keeps the key instead, if it still holds the bytes it had. */
    async movedToBucket(table: FileTable, id: string, sha256: string, key: string): Promise<boolean> {
      const t = fileTables[table];
      const rows = await db
        .update(t)
        .set({ bytes: null, storageKey: key })
        .where(and(eq(t.id, id), isNotNull(t.bytes), eq(t.sha256, sha256)))
        .returning({ id: t.id });
      return rows.length > 0;
    },

    /** The file's bytes are back in its row, if it still names `key` (its trigger lists the object for deletion). */
    async movedToRow(table: FileTable, id: string, key: string, bytes: Uint8Array): Promise<boolean> {
      const t = fileTables[table];
      const rows = await db
        .update(t)
        .set({ bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), storageKey: null })
        .where(and(eq(t.id, id), eq(t.storageKey, key)))
        .returning({ id: t.id });
      return rows.length > 0;
    },

    /** How many files of the table, and how many bytes, are kept in each place. */
    async counts(table: FileTable): Promise<Record<FilePlace, { files: number; bytes: number }>> {
      const t = fileTables[table];
      const [row] = await db
        .select({
          rowFiles: sql<number>`(count(*) filter (where ${t.bytes} is not null))::int`,
          rowBytes: sql<number>`coalesce(sum(${t.size}) filter (where ${t.bytes} is not null), 0)::bigint`.mapWith(Number),
          bucketFiles: sql<number>`(count(*) filter (where ${t.storageKey} is not null))::int`,
          bucketBytes: sql<number>`coalesce(sum(${t.size}) filter (where ${t.storageKey} is not null), 0)::bigint`.mapWith(Number),
        })
        .from(t);
      return {
        database: { files: row?.rowFiles ?? 0, bytes: row?.rowBytes ?? 0 },
        bucket: { files: row?.bucketFiles ?? 0, bytes: row?.bucketBytes ?? 0 },
      };
    },
  };
}

export type StoredFileRepo = ReturnType<typeof storedFileRepo>;
