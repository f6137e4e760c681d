import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { objectDeletionRepo } from '../db/repos/object-deletion-repo.js';
import { createObjectStorage, type ObjectStorage, type StorageLog } from '../platform/object-storage.js';
import type { S3Bucket, S3Settings } from '../platform/s3-bucket.js';

/** Uploaded files' storage as the settings say: the S3 bucket when S3_BUCKET is set, else the database. */
export function objectStorageFor(config: Config, db: Database, log: StorageLog): ObjectStorage {
  const bucket = config.S3_BUCKET
    ? lazyS3Bucket({
        bucket: config.S3_BUCKET,
        endpoint: config.S3_ENDPOINT,
        region: config.S3_REGION,
        accessKeyId: config.S3_ACCESS_KEY_ID,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY,
        forcePathStyle: config.S3_FORCE_PATH_STYLE,
      })
    : null;
  return createObjectStorage({ bucket, ledger: objectDeletionRepo(db), log });
}

/** The bucket, with the AWS SDK loaded at its first use: a server without S3_BUCKET never loads it. */
function lazyS3Bucket(settings: S3Settings): S3Bucket {
  let loaded: Promise<S3Bucket> | null = null;
  const bucket = () => (loaded ??= import('../platform/s3-bucket.js').then(({ createS3Bucket }) => createS3Bucket(settings)));
  const where = settings.endpoint || `AWS (${settings.region})`;
  return {
    put: async (key, body) => (await bucket()).put(key, body),
    get: async (key) => (await bucket()).get(key),
    remove: async (keys) => (await bucket()).remove(keys),
    check: async () => (await bucket()).check(),
    describe: () => `bucket "${settings.bucket}" at ${where}`,
    close() {
      void loaded?.then((client) => client.close());
    },
  };
}
