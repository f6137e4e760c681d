import { objectStorageFor } from '../../composition/object-storage.js';
import { objectDeletionRepo } from '../../db/repos/object-deletion-repo.js';
import { fileTables, storedFileRepo, type FilePlace, type FileTable, type StoredFileRepo, type StoredFileRow } from '../../db/repos/stored-file-repo.js';
import {
  isObjectStorageUnavailable,
  measured,
  ObjectMissingError,
  sha256Of,
  type ObjectStorage,
  type StorageFolder,
} from '../../platform/object-storage.js';
import { AdminError, type AdminContext, type Command } from '../context.js';

const folderOf: Record<FileTable, StorageFolder> = { images: 'images', knowledge_files: 'knowledge' };
const tables = Object.keys(fileTables) as FileTable[];
const batch = 100;

const filesText = (count: number) => `${count} ${count === 1 ? 'file' : 'files'}`;

/** The file's bytes as they should be: the size and SHA-256 its row recorded when it was uploaded. */
const matches = (row: StoredFileRow, found: { size: number; sha256: string }) => found.size === row.size && found.sha256 === row.sha256;

async function measureObject(storage: ObjectStorage, key: string) {
  const { pieces, measure } = measured(await storage.open({ bytes: null, storageKey: key }));
  for await (const _piece of pieces) {
    // read through: only the size and hash are kept
  }
  return measure();
}

function limitOf(flags: Record<string, string | boolean | undefined>): number {
  const text = flags.limit;
  if (text === undefined) return Number.POSITIVE_INFINITY;
  const limit = Number(text);
  if (!Number.isInteger(limit) || limit < 1) throw new AdminError('--limit must be a whole number from 1.');
  return limit;
}

function bucketStorage(context: AdminContext): ObjectStorage {
  if (!context.config.S3_BUCKET) {
    throw new AdminError('Object storage is not set up: set S3_BUCKET (and S3_ENDPOINT, the keys … as README "Object storage" says) first.');
  }
  return objectStorageFor(context.config, context.db, {
    info: () => undefined,
    warn: (_details, message) => context.out(`warning: ${message}`),
  });
}

interface Mover {
  storage: ObjectStorage;
  files: StoredFileRepo;
}

/** Moves one row's file: 'moved', 'skipped' (it changed meanwhile), or why it was refused. */
type MoveOne = (mover: Mover, table: FileTable, row: StoredFileRow) => Promise<'moved' | 'skipped' | string>;

/**
 * Moves files one row at a time, each in one step that either happens whole or not at all, so the
 * command may be stopped anywhere and run again: it goes on with the rows still to move. A row
 * whose bytes do not check out is left where it is and named (exit code 1).
 */
async function moveAll(context: AdminContext, from: FilePlace, limit: number, moveOne: MoveOne, to: string) {
  const storage = bucketStorage(context);
  const files = storedFileRepo(context.db);
  const mover = { storage, files };
  let moved = 0;
  const refused: string[] = [];
  try {
    for (const table of tables) {
      let after: string | null = null;
      while (moved < limit) {
        const ids = await files.idsIn(table, from, after, batch);
        if (ids.length === 0) break;
        for (const id of ids) {
          after = id;
          if (moved >= limit) break;
          const row = await files.load(table, id);
          if (!row) continue;
          const outcome = await moveOne(mover, table, row);
          if (outcome === 'moved') moved += 1;
          else if (outcome !== 'skipped') {
            refused.push(id);
            context.out(`refused ${table} ${id}: ${outcome}`);
          }
        }
      }
    }
    if (from === 'bucket') await storage.sweep();
  } catch (error) {
    if (!isObjectStorageUnavailable(error)) throw error;
    throw new AdminError(`${(error as Error).message}\n${filesText(moved)} moved ${to} before it stopped; run the command again to go on.`);
  } finally {
    storage.close();
  }
  context.out(`Moved ${filesText(moved)} ${to}.`);
  if (refused.length > 0) throw new AdminError(`${filesText(refused.length)} not moved (above): ${refused.length === 1 ? 'it stays where it was' : 'they stay where they were'}.`);
}

/** Copies one row's bytes to the bucket, reads the copy back, and only then clears the bytes from the row. */
const toBucket: MoveOne = async ({ storage, files }, table, row) => {
  if (!row.bytes) return 'skipped';
  if (!matches(row, { size: row.bytes.byteLength, sha256: sha256Of(row.bytes) })) {
    return `its bytes in the database do not match the size and SHA-256 recorded at upload; left in the database`;
  }
  const stored = await storage.store(folderOf[table], row.bytes);
  const key = stored.storageKey!;
  if (!matches(row, await measureObject(storage, key))) {
    await storage.discard([key]);
    return `the copy read back from the bucket does not match the size and SHA-256 recorded at upload; left in the database`;
  }
  if (await files.movedToBucket(table, row.id, row.sha256, key)) return 'moved';
  await storage.discard([key]);
  return 'skipped';
};

/** Reads one row's object, checks it, and puts the bytes back in the row; the object is then deleted. */
const toRow: MoveOne = async ({ storage, files }, table, row) => {
  const key = row.storageKey;
  if (!key) return 'skipped';
  let bytes: Buffer;
  try {
    bytes = await storage.read(row);
  } catch (error) {
    if (error instanceof ObjectMissingError) return `its object ${key} is not in the bucket; left as it is`;
    throw error;
  }
  if (!matches(row, { size: bytes.byteLength, sha256: sha256Of(bytes) })) {
    return `its object ${key} does not match the size and SHA-256 recorded at upload; left in the bucket`;
  }
  if (!(await files.movedToRow(table, row.id, key, bytes))) return 'skipped';
  await storage.discard([key]);
  return 'moved';
};

/** `storage move-to-s3 [--limit N]`: every file kept in the database goes to the bucket. */
export const moveToBucket: Command = async (context, _args, flags) => {
  await moveAll(context, 'database', limitOf(flags), toBucket, `from the database to ${context.config.S3_BUCKET}`);
};

/** `storage move-to-db [--limit N]`: every file kept in the bucket comes back into its row; the objects are deleted. */
export const moveToDatabase: Command = async (context, _args, flags) => {
  await moveAll(context, 'bucket', limitOf(flags), toRow, `from ${context.config.S3_BUCKET} to the database`);
};

const sizeText = (bytes: number) => (bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** `storage status`: where new files go, where the stored ones are, and the objects waiting to be deleted. */
export const showStorage: Command = async (context) => {
  const { S3_BUCKET, S3_ENDPOINT } = context.config;
  context.out(`New uploads go to ${S3_BUCKET ? `bucket ${S3_BUCKET} at ${S3_ENDPOINT || 'AWS'}` : 'the database'}.`);
  const files = storedFileRepo(context.db);
  for (const table of tables) {
    const counts = await files.counts(table);
    context.out(
      `${table}: ${counts.database.files} in the database (${sizeText(counts.database.bytes)}), ${counts.bucket.files} in the bucket (${sizeText(counts.bucket.bytes)})`,
    );
  }
  const deletions = await objectDeletionRepo(context.db).counts();
  context.out(`Objects waiting to be deleted: ${deletions.waiting} (${deletions.due} due).`);
};
