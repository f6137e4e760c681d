// `npm run bench:scale`: Parley at scale on loopback. Two built server processes on one scratch
// PostgreSQL database and one Redis, a fake OpenAI-compatible upstream (its own process: 100
// tokens, 100 ms apart, so an answer takes ten seconds), and 1,000 visitors each asking again as
// soon as an answer ends, for two minutes: 1,000 streams in flight, half on each instance.
// Reports errors, the time the server adds before the first token reaches the browser (p50/p99),
// memory per stream in flight, and each instance's memory before and after the run (leak check:
// the heap still live after a full garbage collection, read through a heap snapshot).
// Bounded: the run stops asking after SCALE_BENCH_SECONDS (120), and waits at most 60 s more.
//   SCALE_BENCH_STREAMS (1000), SCALE_BENCH_SECONDS (120), SCALE_BENCH_PORT_BASE (free ports),
//   SCALE_BENCH_DATABASE_URL (admin URL; default the local postgres), SCALE_BENCH_REDIS_URL
//   (default redis://127.0.0.1:6379/14). JSON goes to bench-results/scale.json.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { Agent, request } from 'undici';
import pg from 'pg';
import { buildAllIfStale, root } from '../build-if-stale.mjs';
import { serverNodeFlags } from '../server-node-flags.mjs';

const streams = Number(process.env.SCALE_BENCH_STREAMS ?? 1000);
const runSeconds = Number(process.env.SCALE_BENCH_SECONDS ?? 120);
const adminUrl = process.env.SCALE_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.SCALE_BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/14';
const tokensPerAnswer = 100;
const tokenIntervalMs = 100;
const drainTimeoutMs = 60_000;
const settleMs = 20_000;

const wallClock = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const snapshotDir = mkdtempSync(join(tmpdir(), 'parley-scale-heap-'));
const dispatcher = new Agent({ connections: null, pipelining: 1, headersTimeout: 60_000, bodyTimeout: 60_000 });

let nextPort = Number(process.env.SCALE_BENCH_PORT_BASE ?? 0);
function freePort() {
  return new Promise((resolve, reject) => {
    const wanted = nextPort ? nextPort++ : 0;
    const server = createServer().listen(wanted, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', (error) => (nextPort ? resolve(freePort()) : reject(error)));
  });
}

function startProcess(args, env) {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'pipe' });
  child.output = '';
  const keep = (data) => (child.output = (child.output + data).slice(-8000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return child;
}

function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
  return exited.finally(() => clearTimeout(force));
}

async function startFake() {
  const port = await freePort();
  const flags = ['--tokens', String(tokensPerAnswer), '--interval', String(tokenIntervalMs), '--models', 'bench-model'];
  const child = startProcess(['--import', 'tsx', 'apps/server/test/fake-openai/cli.ts', '--port', String(port), ...flags], {});
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline && child.exitCode === null) {
    const found = /FAKE_OPENAI_URL=(\S+)/.exec(child.output);
    if (found) return { child, url: found[1] };
    await sleep(20);
  }
  child.kill();
  throw new Error(`the fake upstream did not start:\n${child.output}`);
}

async function admin(statement) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const metricsToken = 'bench-metrics-token';
const metricsRequest = { headers: { authorization: `Bearer ${metricsToken}` } };

async function startInstance(name, env) {
  const port = await freePort();
  // SIGUSR2 writes a heap snapshot, which collects all garbage first: what the leak check reads
  const child = startProcess([...serverNodeFlags, `--heapsnapshot-signal=SIGUSR2`, `--diagnostic-dir=${snapshotDir}`, 'apps/server/dist/server.js'], {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    METRICS_TOKEN: metricsToken,
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return { name, child, origin };
    } catch {
      await sleep(100);
    }
  }
  child.kill();
  throw new Error(`instance ${name} did not start:\n${child.output}`);
}

function rssMb(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : null;
}

async function heapUsedMb(origin) {
  const text = await (await fetch(`${origin}/metrics`, metricsRequest)).text();
  const match = /^nodejs_heap_size_used_bytes (\S+)$/m.exec(text);
  return match ? Number(match[1]) / 1024 / 1024 : null;
}

async function streamsInFlight(origin) {
  const text = await (await fetch(`${origin}/metrics`, metricsRequest)).text();
  const match = /^chat_streams_in_flight (\S+)$/m.exec(text);
  return match ? Number(match[1]) : 0;
}

/**
 * The heap still in use after a full garbage collection: the instance writes a heap snapshot on
 * SIGUSR2 (V8 collects all garbage before taking one), then reports its heap; the snapshot is deleted.
 */
async function liveHeapMb(instance) {
  const snapshots = () => readdirSync(snapshotDir).filter((name) => name.endsWith('.heapsnapshot'));
  const known = new Set(snapshots());
  instance.child.kill('SIGUSR2');
  const deadline = Date.now() + 60_000;
  let written = null;
  while (!written && Date.now() < deadline) {
    await sleep(200);
    written = snapshots().find((name) => !known.has(name)) ?? null;
  }
  // the snapshot is written on the event loop, so the instance answers only once it is done
  const heap = await heapUsedMb(instance.origin);
  for (const name of snapshots()) rmSync(join(snapshotDir, name), { force: true });
  return written ? heap : null;
}

/**
 * Memory once idle: the live heap after a full collection, then the lowest RSS over `ms` (V8
 * shrinks the heap when allocation stops). RSS is read after the snapshot, which leaves the
 * process somewhat larger, so before and after compare alike.
 */
async function idleMemory(instance, ms) {
  const liveHeap = await liveHeapMb(instance);
  let rss = Infinity;
  for (const end = Date.now() + ms; Date.now() < end; await sleep(1000)) rss = Math.min(rss, rssMb(instance.child.pid) ?? Infinity);
  return { rssMb: rss, liveHeapMb: liveHeap };
}

async function visitorToken(origin, index) {
  const deviceNumber = `${String(index + 1).padStart(12, '0')}${randomBytes(6).readUIntBE(0, 6).toString().padStart(12, '0').slice(0, 12)}`;
  const res = await fetch(`${origin}/api/visitor/getToken`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ deviceNumber }),
  });
  const body = await res.json();
  if (body.code !== 0) throw new Error(`getToken failed: ${JSON.stringify(body)}`);
  return { deviceNumber, visitorToken: body.data.visitorToken };
}

/** One chat: POSTs the question and reads the SSE stream, noting when the first delta arrives. */
async function chat(origin, visitor, content) {
  const result = { content, firstDeltaAt: null, error: null };
  try {
    const res = await request(`${origin}/api/visitor/core/chat/completions`, {
      method: 'POST',
      dispatcher,
      headers: {
        'content-type': 'application/json',
        'x-parley-visitor-token': visitor.visitorToken,
        'x-parley-device': visitor.deviceNumber,
      },
      body: JSON.stringify({ content, usingContext: false }),
    });
    let tail = '';
    for await (const part of res.body) {
      const text = part.toString('utf8');
      if (result.firstDeltaAt === null && (tail + text).includes('event: delta')) result.firstDeltaAt = wallClock();
      tail = (tail + text).slice(-2000);
    }
    if (res.statusCode !== 200) result.error = `HTTP ${res.statusCode}: ${tail.slice(0, 200)}`;
    else if (/event: error/.test(tail)) result.error = `stream error: ${tail.slice(tail.lastIndexOf('event: error'), -1).slice(0, 200)}`;
    else if (!/event: done/.test(tail)) result.error = 'the stream ended without a done event';
  } catch (error) {
    result.error = String(error?.message ?? error);
  }
  return result;
}

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] : null);
const fixed = (value, digits = 1) => (value === null || value === undefined || !Number.isFinite(value) ? 'n/a' : value.toFixed(digits));

buildAllIfStale({ web: false });
const databaseName = `parley_bench_scale_${randomBytes(4).toString('hex')}`;
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${databaseName}` }).toString();
await admin(`create database "${databaseName}"`);
const fake = await startFake();
const instances = [];
try {
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    DB_POOL_SIZE: '20',
    LLM_BASE_URL: fake.url,
    LLM_API_KEY: 'bench',
    LLM_MODELS: 'bench-model',
    VISITOR_DAILY_MESSAGES: '1000000',
    CHAT_RATE_LIMIT: '1000000',
    VISITOR_TOKEN_RATE_LIMIT: '1000000',
    DATA_DIR: ':memory:',
  };
  instances.push(await startInstance('A', env));
  instances.push(await startInstance('B', env));
  console.log(`two instances up; ${streams} visitors signing up...`);
  const visitors = [];
  for (let i = 0; i < streams; i += 50) {
    const batch = Array.from({ length: Math.min(50, streams - i) }, (_, j) => visitorToken(instances[(i + j) % 2].origin, i + j));
    visitors.push(...(await Promise.all(batch)));
  }
  // warm-up: every code path loaded, pools opened; then the baseline
  await Promise.all(visitors.slice(0, 20).map((visitor, i) => chat(instances[i % 2].origin, visitor, `warm-up ${i}`)));
  const fakeOrigin = new URL(fake.url).origin;
  await fetch(`${fakeOrigin}/__fake/reset`, { method: 'POST' });
  console.log('measuring idle memory before the run...');
  const before = await Promise.all(instances.map((instance) => idleMemory(instance, 5000)));

  console.log(`running ${streams} concurrent streaming chats for ${runSeconds} s...`);
  const results = [];
  const rssSamples = instances.map(() => []);
  const started = Date.now();
  const askUntil = started + runSeconds * 1000;
  const sampler = setInterval(() => {
    // steady state only: after the first answer round, before the end
    if (Date.now() - started < tokensPerAnswer * tokenIntervalMs || Date.now() > askUntil) return;
    instances.forEach(async (instance, i) => {
      const rss = rssMb(instance.child.pid);
      const inFlight = await streamsInFlight(instance.origin).catch(() => null);
      if (rss !== null && inFlight !== null) rssSamples[i].push({ rss, inFlight });
    });
  }, 1000);
  const progress = setInterval(() => {
    const errors = results.filter((result) => result.error).length;
    console.log(`  ${Math.round((Date.now() - started) / 1000)} s: ${results.length} answers, ${errors} errors`);
  }, 15_000);
  let turn = 0;
  const users = visitors.map(async (visitor, index) => {
    // spread the starts over the first answer's length, as real users arrive
    await sleep((index / streams) * tokensPerAnswer * tokenIntervalMs);
    while (Date.now() < askUntil) {
      results.push(await chat(instances[index % 2].origin, visitor, `bench ${index}-${turn++}: tell me a story`));
    }
  });
  const drained = await Promise.race([Promise.all(users).then(() => true), sleep(runSeconds * 1000 + drainTimeoutMs).then(() => false)]);
  clearInterval(sampler);
  clearInterval(progress);
  const wallSeconds = (Date.now() - started) / 1000;

  const { requests } = await (await fetch(`${fakeOrigin}/__fake/requests`)).json();
  const sentAt = new Map();
  for (const record of requests) {
    const marker = /bench \d+-\d+:/.exec(JSON.stringify(record.body.messages ?? []));
    if (marker && record.firstChunkSentAt !== null) sentAt.set(marker[0], record.firstChunkSentAt);
  }
  const added = [];
  for (const result of results) {
    const upstream = sentAt.get(/bench \d+-\d+:/.exec(result.content)?.[0]);
    if (!result.error && result.firstDeltaAt !== null && upstream !== undefined) added.push(result.firstDeltaAt - upstream);
  }
  added.sort((x, y) => x - y);

  // answers the server still holds (a client that gave up does not end them at once) finish first
  const leftInFlight = [];
  for (const instance of instances) {
    const deadline = Date.now() + drainTimeoutMs;
    let inFlight = await streamsInFlight(instance.origin);
    while (inFlight > 0 && Date.now() < deadline) {
      await sleep(1000);
      inFlight = await streamsInFlight(instance.origin);
    }
    leftInFlight.push(inFlight);
  }
  console.log(`measuring idle memory after the run (${settleMs / 1000} s)...`);
  const after = await Promise.all(instances.map((instance) => idleMemory(instance, settleMs)));
  const errors = results.filter((result) => result.error);
  const perInstance = instances.map((instance, i) => {
    const samples = rssSamples[i];
    const mean = (values) => (values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : null);
    const steady = mean(samples.map((sample) => sample.rss));
    // memory above the idle baseline over the answers this instance held at that moment
    const perStream = mean(samples.filter((sample) => sample.inFlight >= 20).map((sample) => ((sample.rss - before[i].rssMb) * 1024) / sample.inFlight));
    return {
      name: instance.name,
      before: before[i],
      steadyRssMb: steady,
      peakRssMb: samples.length ? Math.max(...samples.map((sample) => sample.rss)) : null,
      meanStreamsInFlight: mean(samples.map((sample) => sample.inFlight)),
      perStreamKb: perStream,
      after: after[i],
      streamsInFlightAfter: leftInFlight[i],
    };
  });

  console.log(`\nscale benchmark: ${streams} streams in flight over ${instances.length} instances for ${runSeconds} s`);
  console.log(`(${tokensPerAnswer} tokens per answer, ${tokenIntervalMs} ms apart upstream; PostgreSQL + Redis on loopback)\n`);
  console.log(`answers           ${results.length} (${fixed(results.length / wallSeconds, 1)}/s), wall ${fixed(wallSeconds, 0)} s${drained ? '' : ' (drain timed out)'}`);
  console.log(`errors            ${errors.length}`);
  console.log(`added first token p50 ${fixed(percentile(added, 0.5), 2)} ms, p99 ${fixed(percentile(added, 0.99), 2)} ms (${added.length} samples)`);
  for (const row of perInstance) {
    console.log(
      `instance ${row.name}        RSS before ${fixed(row.before.rssMb)} MB, steady ${fixed(row.steadyRssMb)} MB (peak ${fixed(row.peakRssMb)}),` +
        ` after ${fixed(row.after.rssMb)} MB; ${fixed(row.meanStreamsInFlight, 0)} answers in flight on average,` +
        ` ~${fixed(row.perStreamKb, 0)} KB per answer in flight;` +
        ` live heap (after a full GC) before ${fixed(row.before.liveHeapMb)} MB, after ${fixed(row.after.liveHeapMb)} MB` +
        (row.streamsInFlightAfter ? ` (${row.streamsInFlightAfter} answers still running)` : ''),
    );
  }
  for (const message of [...new Set(errors.map((error) => error.error))].slice(0, 5)) console.log(`error: ${message}`);
  mkdirSync(`${root}bench-results`, { recursive: true });
  const output = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: spawnSync('nproc', { encoding: 'utf8' }).stdout.trim(),
    streams,
    runSeconds,
    tokensPerAnswer,
    tokenIntervalMs,
    answers: results.length,
    errors: errors.length,
    firstErrors: [...new Set(errors.map((error) => error.error))].slice(0, 5),
    addedFirstTokenMs: { p50: percentile(added, 0.5), p99: percentile(added, 0.99), samples: added.length },
    instances: perInstance,
    wallSeconds,
  };
  writeFileSync(`${root}bench-results/scale.json`, `${JSON.stringify(output, null, 2)}\n`);
  console.log('\nwrote bench-results/scale.json');
  if (errors.length) for (const instance of instances) console.log(`\n${instance.name} log tail:\n${instance.child.output.slice(-1500)}`);
} finally {
  await dispatcher.close().catch(() => undefined);
  await Promise.all(instances.map((instance) => stop(instance.child)));
  await stop(fake.child);
  rmSync(snapshotDir, { recursive: true, force: true });
  await admin(`drop database if exists "${databaseName}" with (force)`).catch((error) => console.error(`could not drop ${databaseName}: ${error.message}`));
}
