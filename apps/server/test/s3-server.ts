import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

// the SDK's notice that its releases after January 2027 need Node 22 (README "Object storage"), once per test file otherwise
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

/** s3rver takes only its own credentials. */
const accessKeyId = 'S3RVER';
const secretAccessKey = 'S3RVER';

/**
 * A real S3-protocol server on loopback (s3rver, keeping its objects in a temporary folder) with
 * one bucket. It can be stopped and started again on the same port with the same objects, to play
 * an outage; `settings` are the S3_* settings that point Parley at it.
 */
export async function startS3Server(bucket = 'parley-test') {
  const directory = await mkdtemp(path.join(tmpdir(), 'parley-s3-'));
  let port = 0;
  let server: S3rver | null = null;

  async function start() {
    server = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
    port = (await server.run()).port;
  }
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId, secretAccessKey } });

  return {
    bucket,
    endpoint,
    settings: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    /** The keys in the bucket, sorted. */
    async keys(): Promise<string[]> {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
    },
    async read(key: string): Promise<Buffer> {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return Buffer.from(await object.Body!.transformToByteArray());
    },
    /** Writes an object behind Parley's back (to play a damaged copy). */
    async write(key: string, bytes: Uint8Array): Promise<void> {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes }));
    },
    /** The service goes down: connections to its port are refused. */
    async stop(): Promise<void> {
      await server?.close();
      server = null;
    },
    /** Back up on the same port, with the objects it had. */
    start,
    async dispose(): Promise<void> {
      client.destroy();
      await server?.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

export type TestS3Server = Awaited<ReturnType<typeof startS3Server>>;
