import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';
import { migrateDatabase } from '../src/db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated PGlite; each test file loads it instead of running initdb and migrations. */
    pgliteTemplatePath: string;
  }
}

/** Migrating a fresh PGlite takes seconds; loading a dump of one takes half a second. */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) return;
  const handle = await openDatabase({ memory: true });
  await migrateDatabase(handle);
  if (handle.driver !== 'pglite') throw new Error('expected PGlite');
  const dump = await handle.client.dumpDataDir('none');
  await handle.close();

  const dir = await mkdtemp(path.join(tmpdir(), 'parley-pglite-template-'));
  const file = path.join(dir, 'migrated.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplatePath', file);
  return () => rm(dir, { recursive: true, force: true });
}
