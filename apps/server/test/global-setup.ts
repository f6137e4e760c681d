import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';
import { migrateDatabase } from '../src/db/migrate.js';
import { startS3Server } from './s3-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated PGlite; each test file loads it instead of running initdb and migrations. */
    pgliteTemplatePath: string;
    /** With TEST_OBJECT_STORAGE=s3: the S3_* settings every test app starts with (an S3-protocol server for the run). */
    objectStorageSettings: Record<string, string> | null;
  }
}

/** Migrating a fresh PGlite takes seconds; loading a dump of one takes half a second. */
async function migratedPgliteDump(project: TestProject) {
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

/**
 * TEST_OBJECT_STORAGE=s3 (npm run test:pg sets it): the whole suite keeps uploads in a bucket of
 * an S3-protocol server on loopback (s3rver), as a site with S3_BUCKET does.
 */
async function suiteBucket(project: TestProject) {
  if (process.env.TEST_OBJECT_STORAGE !== 's3') {
    project.provide('objectStorageSettings', null);
    return () => Promise.resolve();
  }
  const s3 = await startS3Server('parley-suite');
  project.provide('objectStorageSettings', s3.settings);
  return () => s3.dispose();
}

export default async function setup(project: TestProject) {
  const teardowns = [await suiteBucket(project)];
  if (!process.env.TEST_DATABASE_URL) teardowns.push(await migratedPgliteDump(project));
  return async () => {
    for (const teardown of teardowns) await teardown();
  };
}
