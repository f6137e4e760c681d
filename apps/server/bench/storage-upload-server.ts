// The server of `npm run bench:storage-upload` (storage-upload.ts forks it, with --expose-gc and
// the settings of one backend in its environment): the real app listening on loopback, a user
// with a token and an agent to upload to. Told to `start`, it samples its own memory from a
// baseline taken after full GCs (every 2 ms; or, `live`, after a full GC every 10 ms) until told
// to `report` the peaks.
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../src/config.js';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/client.js';
import { migrateDatabase } from '../src/db/migrate.js';
import { tokenRepo } from '../src/db/repos/token-repo.js';
import { userRepo } from '../src/db/repos/user-repo.js';
import { apps } from '../src/db/schema/index.js';
import { createOpaqueToken } from '../src/services/accounts/opaque-token.js';

export interface UploadServerReady {
  kind: 'ready';
  url: string;
  token: string;
  appId: string;
}

/**
 * Peak growth over the baseline, in bytes: resident memory; the JavaScript heap; memory outside
 * it (`external`: Buffers and other ArrayBuffers, PGlite's memory among them); and the two together.
 */
export interface MemoryPeaks {
  kind: 'peaks';
  rss: number;
  heap: number;
  external: number;
  total: number;
}

const send = (message: UploadServerReady | MemoryPeaks | { kind: 'sampling' }) => process.send?.(message);

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', JOBS_ENABLED: 'false', DEMO_DATA: 'off' });
const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 4 });
await migrateDatabase(handle);
const app = await buildApp({ config, db: handle });
const url = await app.listen({ host: '127.0.0.1', port: 0 });

const user = await userRepo(handle.db).create({ username: `upload-bench-${process.pid}` });
const { token, tokenHash } = createOpaqueToken();
await tokenRepo(handle.db).insert({ kind: 'user', userId: user.id, tokenHash, expiresAt: new Date(Date.now() + 3600_000) });
const [agent] = await handle.db.insert(apps).values({ ownerId: user.id, name: 'Upload bench' }).returning();

// a first small upload loads the multipart reader, the type check and the storage client
const boundary = 'parleybenchwarmup';
const warmup = await app.inject({
  method: 'POST',
  url: '/api/core/dataset/upload',
  headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
  payload: `--${boundary}\r\nContent-Disposition: form-data; name="appId"\r\n\r\n${agent!.id}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="warm.txt"\r\nContent-Type: text/plain\r\n\r\nwarm up\r\n--${boundary}--\r\n`,
});
if (warmup.statusCode !== 200 || warmup.json().data.files.length !== 1) throw new Error(`warm-up upload refused: ${warmup.body}`);

const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
let sampler: NodeJS.Timeout | undefined;
let measured: () => MemoryPeaks;

/**
 * Starts sampling from a baseline taken after a full GC. `live`: a full GC before each sample,
 * so what is counted is what the upload keeps reachable, not garbage waiting to be collected.
 */
async function startSampling(live: boolean) {
  // Buffers are freed by V8's sweeper after a GC, not during it: wait for it, twice
  for (let round = 0; round < 2; round += 1) {
    gc();
    await sleep(200);
  }
  const base = process.memoryUsage();
  const peak = { rss: 0, heap: 0, external: 0, total: 0 };
  sampler = setInterval(
    () => {
      if (live) gc();
      const now = process.memoryUsage();
      const heap = now.heapUsed - base.heapUsed;
      const external = now.external - base.external;
      peak.rss = Math.max(peak.rss, now.rss - base.rss);
      peak.heap = Math.max(peak.heap, heap);
      peak.external = Math.max(peak.external, external);
      peak.total = Math.max(peak.total, heap + external);
    },
    live ? 10 : 2,
  );
  measured = () => ({ kind: 'peaks', ...peak });
}

process.on('message', (message: { kind: string; live?: boolean }) => {
  if (message.kind === 'start') {
    void startSampling(message.live === true).then(() => send({ kind: 'sampling' }));
  } else if (message.kind === 'report') {
    clearInterval(sampler);
    send(measured());
  } else if (message.kind === 'stop') {
    void app.close().then(() => handle.close()).then(() => process.exit(0));
  }
});
send({ kind: 'ready', url, token, appId: agent!.id });
