import { existsSync, openAsBlob } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A new embedded database starts from a dump of one the build made and migrated
 * (dist/pglite-base.tar, beside the migrations; write-pglite-base.ts) instead of running PostgreSQL's
 * initdb, which runs in a second WebAssembly instance beside the first: opening a new database that
 * way peaked at 1.25 GB of memory, a high-water mark the process keeps; loading the dump peaked at
 * 0.56 GB and was four times sooner (both in a process holding 0.29 GB before). From source (no dump
 * beside this file) the database is made anew.
 */
// (import.meta.url through a variable: see config.ts)
const thisModule = import.meta.url;
export const pgliteBasePath = fileURLToPath(new URL('./pglite-base.tar', thisModule));

/** The dump at `file` (the build's), when it is there and `dataDir` (when given) holds no database yet. */
export async function pgliteBaseFor(dataDir: string | undefined, file = pgliteBasePath): Promise<Blob | undefined> {
  if (dataDir && existsSync(path.join(dataDir, 'PG_VERSION'))) return undefined;
  return existsSync(file) ? openAsBlob(file) : undefined;
}
