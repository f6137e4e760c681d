import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { migrateDatabase } from '../src/db/migrate.js';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const workDir = mkdtempSync(path.join(tmpdir(), 'parley-pglite-base-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** What the build runs: the dump of a new, migrated embedded database, written to `file`. */
function writeBase(file: string) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/db/write-pglite-base.ts', file], { cwd: serverDir, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
}

const appliedMigrations = async (handle: Awaited<ReturnType<typeof openDatabase>>) =>
  Number((await handle.db.execute<{ count: number }>(sql`select count(*)::int as count from drizzle.__drizzle_migrations`)).rows[0]?.count);

describe("a new embedded database starts from the build's dump", () => {
  const base = path.join(workDir, 'pglite-base.tar');
  beforeAll(() => writeBase(base), 60_000);

  it('holds every migration before migrating, and keeps what is written there across a restart', async () => {
    const dataDir = path.join(workDir, 'data');
    const fresh = await openDatabase({ dataDir, pgliteBase: base });
    expect(await appliedMigrations(fresh)).toBeGreaterThan(20);
    await migrateDatabase(fresh);
    await fresh.db.execute(sql`insert into site_settings (key, value) values ('base.test', '"kept"'::jsonb)`);
    await fresh.close();
    expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);

    // the data directory holds a database now: it is opened as it is, not replaced by the dump
    const restarted = await openDatabase({ dataDir, pgliteBase: base });
    const kept = await restarted.db.execute<{ value: unknown }>(sql`select value from site_settings where key = 'base.test'`);
    expect(kept.rows).toEqual([{ value: 'kept' }]);
    await restarted.close();
  }, 60_000);

  it('in memory too; without a dump it is made anew by initdb', async () => {
    const inMemory = await openDatabase({ memory: true, pgliteBase: base });
    expect(await appliedMigrations(inMemory)).toBeGreaterThan(20);
    await inMemory.close();

    const made = await openDatabase({ memory: true, pgliteBase: path.join(workDir, 'missing.tar') });
    await expect(appliedMigrations(made)).rejects.toThrow();
    await made.close();
  }, 60_000);
});
