import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withAdminClient } from '../../test/test-database.js';
import { openDatabase, type DatabaseHandle } from './client.js';
import { defaultMigrationsFolder, migrateDatabase } from './migrate.js';
import { preparedOnce } from './prepared.js';
import { apps } from './schema/index.js';

// On PostgreSQL only (TEST_DATABASE_URL); `npm run test:pg` points it at PgBouncer in transaction mode.
const adminUrl = process.env.TEST_DATABASE_URL;
const poolMode = process.env.TEST_DATABASE_POOL_MODE === 'transaction' ? 'transaction' : 'session';
const migrationCount = readdirSync(defaultMigrationsFolder).filter((name) => name.endsWith('.sql')).length;

const admin = (statement: string) => withAdminClient(adminUrl!, (client) => client.query(statement));

async function rowsOf<T>(handle: DatabaseHandle, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe.skipIf(!adminUrl)('migrations on PostgreSQL', () => {
  const name = `parley_migrate_${randomBytes(5).toString('hex')}`;
  let url: string;
  const handles: DatabaseHandle[] = [];
  const open = async (mode: 'session' | 'transaction' = poolMode) => {
    const handle = await openDatabase({ databaseUrl: url, poolSize: 2, poolMode: mode });
    handles.push(handle);
    return handle;
  };

  beforeAll(async () => {
    await admin(`create database "${name}"`);
    const target = new URL(adminUrl!);
    target.pathname = `/${name}`;
    url = target.toString();
  });
  afterAll(async () => {
    await Promise.all(handles.map((handle) => handle.close()));
    await admin(`drop database if exists "${name}" with (force)`);
  });

  it('lets instances that start together take turns: each migration is applied once', async () => {
    const starting = await Promise.all([open(), open(), open(), open()]);
    await Promise.all(starting.map((handle) => migrateDatabase(handle)));

    const applied = await rowsOf<{ count: string }>(starting[0]!, sql`select count(*) as count from drizzle.__drizzle_migrations`);
    expect(Number(applied[0]!.count)).toBe(migrationCount);
    const tables = await rowsOf<{ name: string | null }>(starting[0]!, sql`select to_regclass('public.apps')::text as name`);
    expect(tables[0]!.name).toBe('apps');
  });

  it('applies nothing on a later start, and leaves no lock held', async () => {
    const later = await open();
    await migrateDatabase(later);
    const applied = await rowsOf<{ count: string }>(later, sql`select count(*) as count from drizzle.__drizzle_migrations`);
    expect(Number(applied[0]!.count)).toBe(migrationCount);
    const locks = await rowsOf<{ count: string }>(later, sql`select count(*) as count from pg_locks where locktype = 'advisory'`);
    expect(Number(locks[0]!.count)).toBe(0);
  });

  it('prepares no statement by name behind a transaction-mode pooler', async () => {
    const pooled = await open('transaction');
    const statement = preparedOnce(pooled.db, 'migrate_test_count_apps', () =>
      pooled.db.select({ id: apps.id }).from(apps).limit(1).prepare('migrate_test_count_apps'),
    );
    // the statement and the look at the session's prepared statements run on one connection
    const prepared = await pooled.db.transaction(async (tx) => {
      await statement.execute();
      await statement.execute();
      return ((await tx.execute(sql`select count(*) as count from pg_prepared_statements`)) as unknown as { rows: { count: string }[] }).rows;
    });
    expect(Number(prepared[0]!.count)).toBe(0);
  });
});
