import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { ObjectStorageUnavailableError } from './object-storage-errors.js';
import type { S3Bucket } from './s3-bucket.js';

export { ObjectMissingError, ObjectStorageSettingsError, ObjectStorageUnavailableError } from './object-storage-errors.js';

/** Where a stored file's bytes are: in its row, or an object in the bucket (db/schema/columns.ts `fileContent`). */
export interface FileContent {
  bytes: Uint8Array | null;
  storageKey: string | null;
}

/** A file just stored: where it went, and the length and SHA-256 of the bytes read. */
export interface StoredFile extends FileContent {
  size: number;
  sha256: string;
}

/** The first part of a new object's key, by what the file is. */
export type StorageFolder = 'images' | 'knowledge';

/** A file to store: all of it at once, or its pieces as they arrive (an upload's stream). */
export type FileSource = Uint8Array | AsyncIterable<Uint8Array>;

/** The list of objects to delete (repos/object-deletion-repo.ts; the table's comment says who writes it). */
export interface ObjectDeletionLedger {
  /** Notes an upload's key before its object is written: the object goes at `dueAt` unless a row takes the key first. */
  reserve(key: string, dueAt: Date): Promise<void>;
  /** Keys due for deletion that no row names, oldest first. */
  due(limit: number): Promise<string[]>;
  /** Takes keys whose objects are gone off the list. */
  forget(keys: string[]): Promise<void>;
}

/** Where the storage says what it could not do (the app's logger, or the admin command's output). */
export interface StorageLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** An upload cut off by a crash leaves an object no row names; it is deleted this long after it began. */
const abandonedUploadMs = 24 * 60 * 60 * 1000;
const sweepBatch = 1000;

export const objectStorageUnavailableMessage = 'File storage is unavailable at the moment. Please try again shortly.';

export function isObjectStorageUnavailable(error: unknown): boolean {
  return error instanceof ObjectStorageUnavailableError;
}

/** Passes the source's pieces on while counting and hashing them; `measure()` once they have all passed. */
export function measured(source: FileSource) {
  const hash = createHash('sha256');
  let size = 0;
  async function* pieces(): AsyncGenerator<Uint8Array> {
    for await (const piece of source instanceof Uint8Array ? [source] : source) {
      hash.update(piece);
      size += piece.byteLength;
      yield piece;
    }
  }
  return { pieces: pieces(), measure: () => ({ size, sha256: hash.digest('hex') }) };
}

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function collect(pieces: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const piece of pieces) parts.push(piece);
  return Buffer.concat(parts);
}

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * Where uploaded files are kept. New files go into their row (`bytes`: read whole, as a bytea
 * value must be; the embedded default) or, with a bucket, stream into object storage under a fresh
 * key, never held whole on their way. Either way a stored file is read wherever it is, so rows
 * written before a switch keep working. Objects no row names any more are deleted by `sweep`.
 */
export function createObjectStorage(deps: { bucket: S3Bucket | null; ledger: ObjectDeletionLedger; log: StorageLog }) {
  const { bucket, ledger, log } = deps;

  function bucketFor(key: string): S3Bucket {
    if (!bucket) throw new ObjectStorageUnavailableError(`object storage: ${key} is in object storage, but S3_BUCKET is not set`);
    return bucket;
  }

  async function open(content: FileContent): Promise<Readable> {
    if (content.bytes) return Readable.from([asBuffer(content.bytes)]);
    if (content.storageKey) return bucketFor(content.storageKey).get(content.storageKey);
    throw new Error('a stored file has neither bytes nor a storage key');
  }

  return {
    backend: bucket ? ('s3' as const) : ('database' as const),

    /** Stores a file; what the row keeps of it (bytes or key) with its size and SHA-256. */
    async store(folder: StorageFolder, source: FileSource): Promise<StoredFile> {
      if (!bucket) {
        if (source instanceof Uint8Array) return { bytes: source, storageKey: null, size: source.byteLength, sha256: sha256Of(source) };
        const { pieces, measure } = measured(source);
        const bytes = await collect(pieces);
        return { bytes, storageKey: null, ...measure() };
      }
      const key = `${folder}/${randomUUID()}`;
      await ledger.reserve(key, new Date(Date.now() + abandonedUploadMs));
      let sourceError: unknown;
      const { pieces, measure } = measured(source);
      const guarded = (async function* () {
        try {
          yield* pieces;
        } catch (error) {
          sourceError = error;
          throw error;
        }
      })();
      try {
        await bucket.put(key, Readable.from(guarded));
      } catch (error) {
        // the upload itself broke off (the client went away): that, not the storage, is the failure
        throw sourceError ?? error;
      }
      return { bytes: null, storageKey: key, ...measure() };
    },

    /** The file's bytes as they are read. */
    open,

    /** The whole file, for what needs all of it at once (the parser, the image check). */
    async read(content: FileContent): Promise<Buffer> {
      if (content.bytes) return asBuffer(content.bytes);
      return collect(await open(content));
    },

    /**
     * Deletes objects now: a refused upload's, or those of rows just deleted. Best effort: when
     * the bucket cannot be reached they stay listed for the sweep, and nothing fails.
     */
    async discard(keys: string[]): Promise<void> {
      if (!bucket || keys.length === 0) return;
      try {
        await bucket.remove(keys);
        await ledger.forget(keys);
      } catch (error) {
        log.warn({ err: error, keys }, 'deleting objects failed; the storage sweep deletes them later');
      }
    },

    /** Deletes every object due on the list (rows deleted or moved, abandoned uploads); answers how many. */
    async sweep(): Promise<number> {
      if (!bucket) return 0;
      let removed = 0;
      for (;;) {
        const keys = await ledger.due(sweepBatch);
        if (keys.length === 0) return removed;
        await bucket.remove(keys);
        await ledger.forget(keys);
        removed += keys.length;
        if (keys.length < sweepBatch) return removed;
      }
    },

    /** At start: wrong bucket settings throw; an unreachable service is logged, and files wait for it. */
    async check(): Promise<void> {
      if (!bucket) return;
      if (await bucket.check()) log.info({}, `uploaded files are kept in ${bucket.describe()}`);
      else log.warn({}, `object storage (${bucket.describe()}) cannot be reached: uploads and pictures answer 503 until it can`);
    },

    close() {
      bucket?.close();
    },
  };
}

export type ObjectStorage = ReturnType<typeof createObjectStorage>;
