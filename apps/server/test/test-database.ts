import { randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { inject } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';
import { migrateDatabase } from '../src/db/migrate.js';

/**
 * A migrated database for one test file: PGlite in memory by default, or, when
 * TEST_DATABASE_URL is set, a new database created on that server and dropped afterwards
 * (TEST_DATABASE_POOL_MODE=transaction when that URL is a pooler in transaction mode).
 */
export interface TestDatabase {
  handle: DatabaseHandle;
  /** Empties every table the migrations created, between tests that count rows. */
  truncateAll(): Promise<void>;
  dispose(): Promise<void>;
}

/** One connection to `url` for `run`, closed afterwards (creating and dropping databases). */
export async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function createPostgresDatabase(adminUrl: string) {
  const name = `parley_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withAdminClient(adminUrl, (client) => client.query(`drop database if exists "${name}" with (force)`)),
  };
}

function testPoolMode(): 'session' | 'transaction' {
  return process.env.TEST_DATABASE_POOL_MODE === 'transaction' ? 'transaction' : 'session';
}

/** The dump global-setup.ts made; without it (a run outside the project config) start empty. */
async function migratedPgliteDump(): Promise<Blob | undefined> {
  const file = inject('pgliteTemplatePath');
  return file ? openAsBlob(file) : undefined;
}

export async function openTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const created = adminUrl ? await createPostgresDatabase(adminUrl) : undefined;
  const handle = created
    ? await openDatabase({ databaseUrl: created.url, poolSize: 4, poolMode: testPoolMode() })
    : await openDatabase({ memory: true, pgliteDump: await migratedPgliteDump() });
  await migrateDatabase(handle);

  return {
    handle,
    async truncateAll() {
      const result = await handle.db.execute<{ name: string }>(
        sql`select quote_ident(tablename) as name from pg_tables where schemaname = 'public'`,
      );
      const names = (result as unknown as { rows: { name: string }[] }).rows.map((row) => row.name);
      if (names.length > 0) await handle.db.execute(sql.raw(`truncate ${names.join(', ')} cascade`));
    },
    async dispose() {
      await handle.close();
      await created?.drop();
    },
  };
}
