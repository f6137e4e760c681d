import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { objectDeletionRepo } from '../db/repos/object-deletion-repo.js';
import { createObjectStorage, type ObjectStorage, type StorageLog } from '../platform/object-storage.js';
import { createS3Bucket } from '../platform/s3-bucket.js';

/** Uploaded files' storage as the settings say: the S3 bucket when S3_BUCKET is set, else the database. */
export function objectStorageFor(config: Config, db: Database, log: StorageLog): ObjectStorage {
  const bucket = config.S3_BUCKET
    ? createS3Bucket({
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
