import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './client.js';

/**
 * The committed migrations sit next to this file: src/db/migrations when run from source,
 * dist/migrations in the bundle (dist/server.js), where the build copies them.
 */
// (import.meta.url through a variable: see config.ts)
const thisModule = import.meta.url;
export const defaultMigrationsFolder = fileURLToPath(new URL('./migrations', thisModule));

/** Arbitrary constant naming Parley's migration lock among PostgreSQL advisory locks. */
const migrationLockKey = 7_201_114_601;

/**
 * Applies the migrations not applied yet, recorded in drizzle's own table (drizzle.__drizzle_migrations),
 * as drizzle's migrator does. On PostgreSQL everything happens in one transaction that first takes a
 * transaction-level advisory lock: instances starting together take turns, and the lock holds behind
 * a pooler in transaction mode (PgBouncer), where a session lock could be taken on one server
 * connection and released on another.
 */
export async function migrateDatabase(handle: DatabaseHandle, migrationsFolder = defaultMigrationsFolder) {
  if (!existsSync(migrationsFolder)) {
    throw new Error(`Migrations folder not found: ${migrationsFolder}`);
  }
  if (handle.driver === 'pglite') {
    await migratePglite(handle.db, { migrationsFolder });
    return;
  }
  const migrations = readMigrationFiles({ migrationsFolder });
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${migrationLockKey})`);
    await tx.execute(sql`create schema if not exists drizzle`);
    await tx.execute(
      sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
    );
    const applied = await tx.execute<{ created_at: string | number }>(
      sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    const last = applied.rows[0] ? Number(applied.rows[0].created_at) : -1;
    for (const migration of migrations) {
      if (migration.folderMillis <= last) continue;
      for (const statement of migration.sql) await tx.execute(sql.raw(statement));
      await tx.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`,
      );
    }
  });
}
