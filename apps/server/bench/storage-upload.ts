// `npm run bench:storage-upload`: the server's peak memory while one 20 MB knowledge file is
// uploaded over real HTTP (sent at STORAGE_BENCH_MBPS, default 10 MB/s; STORAGE_BENCH_MB for
// another size), with the file kept in the database (the default: read whole, then
// written as bytea) and streamed to object storage (an S3-protocol server, s3rver, on loopback).
// Each backend runs in a fresh server process (storage-upload-server.ts) on the embedded PGlite,
// and on PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a scratch database
// made and dropped there). The upload is sent from this process, read from disk as it goes, so
// only the server holds what it holds. STORAGE_BENCH_RUNS (default 3) runs each; the median is
// printed and written to bench-results/storage-upload.json. Not part of `npm test`.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { startS3Server } from '../test/s3-server.js';
import { createScratchDatabase } from './scratch-database.js';
import type { MemoryPeaks, UploadServerReady } from './storage-upload-server.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
/** 20 MB, the default per-file limit; STORAGE_BENCH_MB sends a bigger file (the limit is raised to fit). */
const fileBytes = Number(process.env.STORAGE_BENCH_MB ?? 20) * 1_000_000;
const runs = Number(process.env.STORAGE_BENCH_RUNS ?? 3);
/** How fast the file is sent, in MB a second: a client on a fast network, not loopback's burst. */
const sendMbPerSecond = Number(process.env.STORAGE_BENCH_MBPS ?? 10);
const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || '';
const say = (line: string) => process.stdout.write(`${line}\n`);
/** Megabytes of 10^6 bytes, as the file's 20 MB are counted. */
const mb = (bytes: number) => (bytes / 1e6).toFixed(1);

/** A 20 MB text file of numbered paragraphs, written to disk once. */
async function makeFile(dir: string): Promise<string> {
  const paragraph = (index: number) => `Paragraph ${index}: the margin call comes when equity falls below the maintenance level.\n\n`;
  const parts: string[] = [];
  let length = 0;
  for (let index = 0; length < fileBytes; index += 1) {
    const text = paragraph(index);
    parts.push(text);
    length += text.length;
  }
  const file = path.join(dir, 'handbook.txt');
  await writeFile(file, parts.join('').slice(0, fileBytes));
  return file;
}

/** The file's bytes at `sendMbPerSecond`, 64 KB at a time. */
async function* paced(file: string) {
  const pieceBytes = 64 * 1024;
  const pauseMs = (pieceBytes / (sendMbPerSecond * 1e6)) * 1000;
  for await (const piece of createReadStream(file, { highWaterMark: pieceBytes })) {
    yield piece as Buffer;
    await sleep(pauseMs);
  }
}

/** Streams the file to the upload call as a browser's FormData would send it; answers the server's JSON. */
function upload(server: UploadServerReady, file: string): Promise<{ files: unknown[]; rejected: unknown[] }> {
  const boundary = `----parleybench${randomBytes(6).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="appId"\r\n\r\n${server.appId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="handbook.txt"\r\nContent-Type: text/plain\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const call = request(`${server.url}/api/core/dataset/upload`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${server.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + fileBytes + tail.length,
      },
    });
    call.on('error', reject);
    call.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        if (response.statusCode !== 200) reject(new Error(`upload answered ${response.statusCode}: ${JSON.stringify(body)}`));
        else resolve(body.data);
      });
    });
    void (async () => {
      call.write(head);
      for await (const piece of paced(file)) if (!call.write(piece)) await once(call, 'drain');
      call.end(tail);
    })().catch(reject);
  });
}

/** What one server process measured: an upload as it runs, then one with a full GC before each sample. */
interface Measured {
  peaks: Omit<MemoryPeaks, 'kind'>;
  live: number;
}

/** Two uploads in a fresh server process with `env`: peaks as they come, then the live peak. */
async function measure(env: Record<string, string>, file: string): Promise<Measured> {
  const child = fork(fileURLToPath(new URL('./storage-upload-server.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: {
      ...process.env,
      ...env,
      KNOWLEDGE_MAX_FILE_BYTES: String(Math.max(fileBytes + 1, 20_971_520)),
      KNOWLEDGE_MAX_AGENT_BYTES: String(4 * fileBytes),
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const next = <T>(kind: string) =>
    new Promise<T>((resolve, reject) => {
      void exited.then((code) => reject(new Error(`the bench server exited (${code}) before "${kind}"`)));
      const listen = (message: { kind: string }) => {
        if (message.kind !== kind) return;
        child.off('message', listen);
        resolve(message as T);
      };
      child.on('message', listen);
    });
  const server = await next<UploadServerReady>('ready');
  const uploadWhileSampling = async (live: boolean) => {
    const sampling = next('sampling');
    child.send({ kind: 'start', live });
    await sampling;
    const answer = await upload(server, file);
    if (answer.files.length !== 1) throw new Error(`the file was turned away: ${JSON.stringify(answer.rejected)}`);
    const peaks = next<MemoryPeaks>('peaks');
    child.send({ kind: 'report' });
    return peaks;
  };
  const { kind: _kind, ...peaks } = await uploadWhileSampling(false);
  const live = await uploadWhileSampling(true);
  child.send({ kind: 'stop' });
  // its database files are removed next: the process must have closed them
  await exited;
  return { peaks, live: live.total };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

const work = await mkdtemp(path.join(tmpdir(), 'parley-storage-bench-'));
const s3 = await startS3Server('parley-bench');
const results: Record<string, Omit<MemoryPeaks, 'kind'> & { live: number }> = {};
try {
  const file = await makeFile(work);
  const databases: { name: string; env: () => Promise<{ env: Record<string, string>; drop: () => Promise<void> }> }[] = [
    {
      name: 'PGlite',
      env: async () => {
        const dir = await mkdtemp(path.join(work, 'pglite-'));
        return { env: { DATA_DIR: dir, DATABASE_URL: '' }, drop: () => rm(dir, { recursive: true, force: true }) };
      },
    },
  ];
  if (pgUrl) {
    databases.push({
      name: 'PostgreSQL',
      env: async () => {
        const scratch = await createScratchDatabase(pgUrl, 'parley_storage_bench');
        return { env: { DATABASE_URL: scratch.url }, drop: scratch.drop };
      },
    });
  }
  const backends = [
    { name: 'database (bytea)', env: { S3_BUCKET: '' } },
    { name: 'S3 (s3rver)', env: s3.settings },
  ];
  say(`Uploading one ${mb(fileBytes)} MB knowledge file; median of ${runs} runs, growth over the idle server, MB:`);
  say('backend            database      RSS peak  heap + external peak  live peak');
  for (const database of databases) {
    for (const backend of backends) {
      const samples: Measured[] = [];
      for (let run = 0; run < runs; run += 1) {
        const { env, drop } = await database.env();
        try {
          samples.push(await measure({ ...env, ...backend.env }, file));
        } finally {
          await drop();
        }
      }
      const figures = {
        rss: median(samples.map((sample) => sample.peaks.rss)),
        heap: median(samples.map((sample) => sample.peaks.heap)),
        external: median(samples.map((sample) => sample.peaks.external)),
        total: median(samples.map((sample) => sample.peaks.total)),
        live: median(samples.map((sample) => sample.live)),
      };
      results[`${backend.name}, ${database.name}`] = figures;
      say(
        `${backend.name.padEnd(18)} ${database.name.padEnd(11)} ${mb(figures.rss).padStart(9)} ${mb(figures.total).padStart(21)} ${mb(figures.live).padStart(10)}`,
      );
    }
  }
  say('heap + external: the JavaScript heap and the Buffers outside it, garbage included; live: the same with a full GC');
  say('before each sample (every 10 ms), what the upload holds. PGlite runs in the server process: its memory counts too.');
  await mkdir(path.join(root, 'bench-results'), { recursive: true });
  await writeFile(path.join(root, 'bench-results', 'storage-upload.json'), `${JSON.stringify({ fileBytes, runs, results }, null, 2)}\n`);
} finally {
  await s3.dispose();
  await rm(work, { recursive: true, force: true });
}
