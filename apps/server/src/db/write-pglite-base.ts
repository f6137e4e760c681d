// `node dist/write-pglite-base.js <file>` (build.mjs runs it): writes the dump of a new, migrated
// embedded database that a new one starts from (pglite-base.ts).
import { writeFile } from 'node:fs/promises';
import { openDatabase } from './client.js';
import { migrateDatabase } from './migrate.js';

const file = process.argv[2];
if (!file) throw new Error('usage: write-pglite-base <file>');
const handle = await openDatabase({ memory: true, pgliteBase: false });
try {
  await migrateDatabase(handle);
  if (handle.driver !== 'pglite') throw new Error('expected PGlite');
  await writeFile(file, Buffer.from(await (await handle.client.dumpDataDir('none')).arrayBuffer()));
} finally {
  await handle.close();
}
