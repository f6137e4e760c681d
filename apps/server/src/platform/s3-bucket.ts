import type { Readable } from 'node:stream';
import { DeleteObjectsCommand, GetObjectCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { ObjectMissingError, ObjectStorageSettingsError, ObjectStorageUnavailableError } from './object-storage-errors.js';

/** The S3_* settings. */
export interface S3Settings {
  bucket: string;
  /** Empty: AWS's own endpoint for the region. */
  endpoint: string;
  region: string;
  /** Both empty: the SDK's credential chain (AWS_* variables, an instance role). */
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/** S3 takes parts of 5 MiB and more; one part in flight at a time keeps an upload's memory at about one part. */
const partBytes = 5 * 1024 * 1024;
const partsInFlight = 1;
/** DeleteObjects takes at most this many keys a call. */
const deleteBatch = 1000;

const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

function unavailable(action: string, error: unknown): ObjectStorageUnavailableError {
  const status = statusOf(error);
  const what = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return new ObjectStorageUnavailableError(`object storage: ${action} failed${status ? ` (HTTP ${status})` : ''}: ${what}`, { cause: error });
}

/** One bucket of an S3-compatible service: streaming uploads, reads, deletes. */
export function createS3Bucket(settings: S3Settings) {
  const { bucket } = settings;
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint || undefined,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.accessKeyId ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
    // many S3-compatible services do not take the SDK's newer default checksums; files carry their own SHA-256
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // a service that is down answers at once; one that does not answer is given up on
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
  const where = settings.endpoint || `AWS (${settings.region})`;

  return {
    /** Writes the object from a stream, a part at a time (multipart past one part). */
    async put(key: string, body: Readable): Promise<void> {
      const upload = new Upload({ client, params: { Bucket: bucket, Key: key, Body: body }, partSize: partBytes, queueSize: partsInFlight });
      try {
        await upload.done();
      } catch (error) {
        throw unavailable(`writing ${key}`, error);
      }
    },

    /** The object's bytes as they arrive. */
    async get(key: string): Promise<Readable> {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return answer.Body as Readable;
      } catch (error) {
        if ((error as Error).name === 'NoSuchKey' || statusOf(error) === 404) {
          throw new ObjectMissingError(`object storage: ${key} is not in bucket ${bucket}`, { cause: error });
        }
        throw unavailable(`reading ${key}`, error);
      }
    },

    /** Deletes the objects; a key with no object counts as deleted. */
    async remove(keys: string[]): Promise<void> {
      for (let start = 0; start < keys.length; start += deleteBatch) {
        const batch = keys.slice(start, start + deleteBatch);
        let failed: { Key?: string; Code?: string }[];
        try {
          const answer = await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
          failed = answer.Errors ?? [];
        } catch (error) {
          throw unavailable(`deleting ${batch.length} objects`, error);
        }
        if (failed.length > 0) {
          throw new ObjectStorageUnavailableError(`object storage: deleting ${failed.map((item) => `${item.Key} (${item.Code})`).join(', ')} failed`);
        }
      }
    },

    /**
     * At start: a missing bucket, refused credentials or a bucket in another region are settings
     * to fix, and throw saying which. Unreachable is an outage, answered as `false`.
     */
    async check(): Promise<boolean> {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
        return true;
      } catch (error) {
        const status = statusOf(error);
        const cause = { cause: error };
        if (status === 404) throw new ObjectStorageSettingsError(`S3_BUCKET: there is no bucket "${bucket}" at ${where}; create it first`, cause);
        if (status === 401 || status === 403) {
          throw new ObjectStorageSettingsError(`S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: ${where} refused these credentials for bucket "${bucket}"`, cause);
        }
        if (status === 301) throw new ObjectStorageSettingsError(`S3_REGION: bucket "${bucket}" is in another region than ${settings.region}`, cause);
        if (status !== undefined && status < 500) throw new ObjectStorageSettingsError(`object storage at ${where} refused bucket "${bucket}" (HTTP ${status})`, cause);
        return false;
      }
    },

    describe: () => `bucket "${bucket}" at ${where}`,

    close() {
      client.destroy();
    },
  };
}

export type S3Bucket = ReturnType<typeof createS3Bucket>;
