import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { objectDeletionRepo } from '../db/repos/object-deletion-repo.js';
import { startS3Server } from '../../test/s3-server.js';
import { testDatabase } from '../../test/helper.js';
import { createObjectStorage, ObjectStorageUnavailableError } from './object-storage.js';
import { createS3Bucket, type S3Settings } from './s3-bucket.js';

const db = (await testDatabase()).handle.db;
const ledger = objectDeletionRepo(db);
const s3 = await startS3Server();
afterAll(() => s3.dispose());

const warnings: string[] = [];
const log = { info: () => undefined, warn: (_details: object, message: string) => warnings.push(message) };
const settings: S3Settings = {
  bucket: s3.bucket,
  endpoint: s3.endpoint,
  region: 'us-east-1',
  accessKeyId: s3.settings.S3_ACCESS_KEY_ID,
  secretAccessKey: s3.settings.S3_SECRET_ACCESS_KEY,
  forcePathStyle: true,
};
const inBucket = createObjectStorage({ bucket: createS3Bucket(settings), ledger, log });
const inDatabase = createObjectStorage({ bucket: null, ledger, log });
afterAll(() => inBucket.close());

/** What a row's deletion does to its key: due for deletion now. */
const dueNow = (key: string) => db.execute(sql`update object_deletions set due_at = now() where key = ${key}`);

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The bytes in pieces of 64 KB, as an upload's stream gives them. */
async function* piecesOf(bytes: Buffer) {
  for (let at = 0; at < bytes.length; at += 64 * 1024) yield bytes.subarray(at, at + 64 * 1024);
}

const readAll = async (stream: AsyncIterable<Uint8Array>) => {
  const parts: Uint8Array[] = [];
  for await (const part of stream) parts.push(part);
  return Buffer.concat(parts);
};

describe('object storage', () => {
  it('keeps a file in its row when no bucket is set, with its size and SHA-256', async () => {
    const bytes = randomBytes(300 * 1024);
    const stored = await inDatabase.store('knowledge', piecesOf(bytes));
    expect(stored).toEqual({ bytes, storageKey: null, size: bytes.length, sha256: sha256(bytes) });
    expect(await inDatabase.read(stored)).toEqual(bytes);
    expect(await readAll(await inDatabase.open(stored))).toEqual(bytes);
  });

  it('streams a file into the bucket under a fresh key (in parts past 5 MB) and reads it back, whole or as a stream', async () => {
    const bytes = randomBytes(12 * 1024 * 1024);
    const stored = await inBucket.store('knowledge', piecesOf(bytes));
    expect(stored).toEqual({ bytes: null, storageKey: expect.stringMatching(/^knowledge\/[0-9a-f-]{36}$/), size: bytes.length, sha256: sha256(bytes) });
    expect((await s3.read(stored.storageKey!)).equals(bytes)).toBe(true);
    expect((await inBucket.read(stored)).equals(bytes)).toBe(true);
    expect((await readAll(await inBucket.open(stored))).equals(bytes)).toBe(true);
    // no row has taken the key yet: were this upload abandoned, its object would go a day later, not now
    expect(await ledger.due(1000)).not.toContain(stored.storageKey);
  });

  it('deletes a discarded object at once, and objects due on the list in the sweep', async () => {
    const discarded = await inBucket.store('images', Buffer.from('refused'));
    await inBucket.discard([discarded.storageKey!]);
    const due = await inBucket.store('images', Buffer.from('deleted row'));
    await dueNow(due.storageKey!);
    const keys = await s3.keys();
    expect(keys).not.toContain(discarded.storageKey);
    expect(keys).toContain(due.storageKey);

    expect(await inBucket.sweep()).toBeGreaterThanOrEqual(1);
    expect(await s3.keys()).not.toContain(due.storageKey);
    expect(await ledger.due(1000)).toEqual([]);
  });

  it('says plainly when the bucket cannot be reached, keeps what it was to delete, and works again once it is back', async () => {
    const kept = await inBucket.store('images', Buffer.from('before the outage'));
    await dueNow(kept.storageKey!);
    await s3.stop();
    try {
      await expect(inBucket.store('knowledge', Buffer.from('during the outage'))).rejects.toThrow(ObjectStorageUnavailableError);
      await expect(inBucket.read(kept)).rejects.toThrow(/object storage: reading images\/.* failed/);
      await expect(inBucket.sweep()).rejects.toThrow(ObjectStorageUnavailableError);
      await inBucket.discard([kept.storageKey!]);
      expect(warnings.at(-1)).toMatch(/the storage sweep deletes them later/);
      expect(await ledger.due(1000)).toEqual([kept.storageKey]);
    } finally {
      await s3.start();
    }
    expect(await inBucket.sweep()).toBe(1);
    expect(await s3.keys()).not.toContain(kept.storageKey);
  });

  it('cannot read a file kept in object storage without a bucket, and says why', async () => {
    await expect(inDatabase.read({ bytes: null, storageKey: 'knowledge/x' })).rejects.toThrow(/knowledge\/x is in object storage, but S3_BUCKET is not set/);
  });
});

describe('the check at start', () => {
  const checked = (changes: Partial<S3Settings>) => createObjectStorage({ bucket: createS3Bucket({ ...settings, ...changes }), ledger, log }).check();

  it('refuses a bucket that does not exist and credentials the service does not take, saying which setting to fix', async () => {
    await expect(checked({})).resolves.toBeUndefined();
    await expect(checked({ bucket: 'no-such-bucket' })).rejects.toThrow(`S3_BUCKET: there is no bucket "no-such-bucket" at ${s3.endpoint}; create it first`);
    // s3rver knows only its own key id (it does not check v4 signatures)
    await expect(checked({ accessKeyId: 'NOT-A-KEY' })).rejects.toThrow(/S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: .* refused these credentials/);
  });

  it('only warns when the service cannot be reached: the server starts, and files wait for it', async () => {
    await expect(checked({ endpoint: 'http://127.0.0.1:9' })).resolves.toBeUndefined();
    expect(warnings.at(-1)).toMatch(/cannot be reached: uploads and pictures answer 503 until it can/);
  });
});
