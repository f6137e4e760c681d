import { sql } from 'drizzle-orm';
import { check, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { bytea } from './custom-types.js';

/** created_at / updated_at in UTC, shared by every table that changes over time. */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const createdAt = timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/**
 * An uploaded file's content: its bytes in the row (the database backend, the embedded default),
 * or the key of its object in the S3 bucket (platform/object-storage.ts). Exactly one is set.
 */
export const fileContent = {
  bytes: bytea('bytes'),
  storageKey: text('storage_key'),
};

/**
 * The rules of `fileContent`: exactly one of bytes and key, `size` the bytes' length when they are
 * in the row, and no two rows naming one object (deleting one must not take another's file).
 */
export function fileContentRules(table: string, t: { size: AnyPgColumn; bytes: AnyPgColumn; storageKey: AnyPgColumn }) {
  return [
    check(`${table}_content_check`, sql`num_nonnulls(${t.bytes}, ${t.storageKey}) = 1`),
    check(`${table}_size_check`, sql`${t.bytes} is null or ${t.size} = octet_length(${t.bytes})`),
    uniqueIndex(`${table}_storage_key_key`).on(t.storageKey),
  ];
}
