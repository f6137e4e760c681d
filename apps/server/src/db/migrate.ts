import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
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

export async function migrateDatabase(handle: DatabaseHandle, migrationsFolder = defaultMigrationsFolder) {
  if (!existsSync(migrationsFolder)) {
    throw new Error(`Migrations folder not found: ${migrationsFolder}`);
  }
  if (handle.driver === 'pglite') {
    await migratePglite(handle.db, { migrationsFolder });
    return;
  }
  // Instances starting together against one PostgreSQL take turns; the lock ends with its session.
  const lock = await handle.client.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [migrationLockKey]);
    await migratePostgres(handle.db, { migrationsFolder });
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [migrationLockKey]).catch(() => undefined);
    lock.release();
  }
}
