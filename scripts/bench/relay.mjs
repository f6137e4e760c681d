// `npm run bench:relay`: what relaying a model's stream costs the server. A fake OpenAI-compatible
// upstream (its own process: 500 tokens, 5 ms apart) feeds the built server, and 1, 50, 200 and
// 500 visitors ask at once over POST /api/visitor/core/chat/completions. Per level: the time the
// server adds before the first chunk reaches the browser, server CPU per 1,000 tokens, bytes to the
// browser against the upstream's, peak RSS, errors and wall time. The same levels then run against
// relay-floor.mjs, the least any Node relay must do (no token check, database or retrieval), so the
// app's figures can be read against what this machine costs anyway. Loopback only; JSON goes to
// bench-results/relay.json.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';

const root = fileURLToPath(new URL('../..', import.meta.url));
// RELAY_BENCH_LEVELS=50,200 runs only those levels (for profiling one of them).
const levels = (process.env.RELAY_BENCH_LEVELS ?? '1,50,200,500').split(',').map(Number);
const tokensPerAnswer = 500;
const tokenIntervalMs = 5;
const levelTimeoutMs = 120_000;
const targets = {
  cpuPer1000Tokens: 0.02,
  addedFirstChunk: { 50: { p50: 2, p99: 10 }, 200: { p99: 20 } },
  errorsAt500: 0,
  bytesRatio: 1.2,
};

const wallClock = () => performance.timeOrigin + performance.now();
const clockTicks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
const dispatcher = new Agent({ connections: null, pipelining: 1, headersTimeout: levelTimeoutMs, bodyTimeout: levelTimeoutMs });

function ensureBuilt() {
  if (existsSync(`${root}apps/server/dist/server.js`)) return;
  console.log('apps/server/dist is missing: building the server first');
  const result = spawnSync('npm', ['run', 'build', '--workspace', '@parley/server'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the server build failed');
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Starts a child process and keeps the tail of its output for error messages. */
function startProcess(args, env) {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'pipe' });
  child.output = '';
  const keep = (data) => (child.output = (child.output + data).slice(-4000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return child;
}

/** The address a child process prints once it listens (`NAME=<url>`); it is killed if none comes within 30 s. */
async function announced(child, pattern, what) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline && child.exitCode === null) {
    const found = pattern.exec(child.output);
    if (found) return found[1];
    await sleep(20);
  }
  child.kill();
  throw new Error(`${what} did not start:\n${child.output}`);
}

async function startFake() {
  const cli = 'apps/server/test/fake-openai/cli.ts';
  const flags = ['--tokens', String(tokensPerAnswer), '--interval', String(tokenIntervalMs), '--models', 'bench-model'];
  const child = startProcess(['--import', 'tsx', cli, '--port', '0', ...flags], {});
  return { child, url: await announced(child, /FAKE_OPENAI_URL=(\S+)/, 'the fake upstream') };
}

async function startServer(fakeUrl) {
  const port = await freePort();
  // e.g. RELAY_BENCH_SERVER_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to see where the server spends it
  const flags = (process.env.RELAY_BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
  const child = startProcess([...flags, 'apps/server/dist/server.js'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: ':memory:',
    // RELAY_BENCH_DATABASE_URL=postgres://… measures on PostgreSQL (its own CPU is not counted)
    DATABASE_URL: process.env.RELAY_BENCH_DATABASE_URL ?? '',
    LOG_LEVEL: 'warn',
    LLM_BASE_URL: fakeUrl,
    LLM_API_KEY: 'bench',
    LLM_MODELS: 'bench-model',
    VISITOR_DAILY_MESSAGES: '1000000',
    CHAT_RATE_LIMIT: '1000000',
    VISITOR_TOKEN_RATE_LIMIT: '1000000',
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return { child, origin };
    } catch {
      await sleep(50);
    }
  }
  child.kill();
  throw new Error(`the server did not start:\n${child.output}`);
}

/** The floor relay (relay-floor.mjs) in front of the same fake upstream. */
async function startFloor(fakeUrl) {
  const child = startProcess(['scripts/bench/relay-floor.mjs', '--port', '0', '--upstream', fakeUrl], {});
  return { child, origin: await announced(child, /RELAY_FLOOR_URL=(\S+)/, 'the floor relay') };
}

function stop(child) {
  if (child.exitCode !== null) return Promise.resolve();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const force = setTimeout(() => child.kill('SIGKILL'), 5000);
  return exited.finally(() => clearTimeout(force));
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function cpuSeconds(pid) {
  // Fields after the command name: utime and stime are the 12th and 13th.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / clockTicks;
}

function peakRssMb(pid) {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : null;
}

async function visitorTokens(origin, count) {
  const tokens = [];
  for (let i = 0; i < count; i++) {
    const deviceNumber = String(i + 1).padStart(24, '9');
    const res = await fetch(`${origin}/api/visitor/getToken`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ deviceNumber }),
    });
    const body = await res.json();
    if (body.code !== 0) throw new Error(`getToken failed: ${JSON.stringify(body)}`);
    tokens.push({ deviceNumber, visitorToken: body.data.visitorToken });
  }
  return tokens;
}

/** One chat: POSTs the question and reads the SSE stream, noting when the first delta arrives. */
async function chat(origin, visitor, content) {
  const result = { content, firstDeltaAt: null, bytes: 0, status: null, error: null };
  try {
    const res = await request(`${origin}/api/visitor/core/chat/completions`, {
      method: 'POST',
      dispatcher,
      signal: AbortSignal.timeout(levelTimeoutMs),
      headers: {
        'content-type': 'application/json',
        'x-parley-visitor-token': visitor.visitorToken,
        'x-parley-device': visitor.deviceNumber,
      },
      body: JSON.stringify({ content, usingContext: false }),
    });
    result.status = res.statusCode;
    let tail = '';
    for await (const part of res.body) {
      result.bytes += part.length;
      const text = part.toString('utf8');
      if (result.firstDeltaAt === null && (tail + text).includes('event: delta')) result.firstDeltaAt = wallClock();
      tail = (tail + text).slice(-2000);
    }
    if (res.statusCode !== 200) result.error = `HTTP ${res.statusCode}: ${tail.slice(0, 300)}`;
    else if (/event: error/.test(tail)) result.error = `stream error: ${tail.slice(tail.lastIndexOf('event: error'), -1)}`;
    else if (!/event: done/.test(tail)) result.error = 'the stream ended without a done event';
  } catch (error) {
    result.error = String(error?.message ?? error);
  }
  return result;
}

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] : null);
const mean = (values) => (values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : null);

async function runLevel(server, fake, visitors, concurrency) {
  const fakeOrigin = new URL(fake.url).origin;
  await fetch(`${fakeOrigin}/__fake/reset`, { method: 'POST' });
  const cpuBefore = cpuSeconds(server.child.pid);
  const started = wallClock();
  const results = await Promise.all(
    visitors.slice(0, concurrency).map((visitor, i) => chat(server.origin, visitor, `bench ${concurrency}-${i}: tell me a story`)),
  );
  const wallSeconds = (wallClock() - started) / 1000;
  const cpu = cpuSeconds(server.child.pid) - cpuBefore;
  const { requests } = await (await fetch(`${fakeOrigin}/__fake/requests`)).json();
  const byMarker = new Map();
  for (const record of requests) {
    const marker = /bench \d+-\d+:/.exec(JSON.stringify(record.body.messages ?? []));
    if (marker) byMarker.set(marker[0], record);
  }
  const added = [];
  const browserBytes = [];
  const upstreamBytes = [];
  let relayedTokens = 0;
  for (const result of results) {
    const record = byMarker.get(/bench \d+-\d+:/.exec(result.content)[0]);
    if (result.error || !record) continue;
    if (result.firstDeltaAt !== null && record.firstChunkSentAt !== null) added.push(result.firstDeltaAt - record.firstChunkSentAt);
    browserBytes.push(result.bytes);
    upstreamBytes.push(record.bytesSent);
    if (record.finished) relayedTokens += tokensPerAnswer;
  }
  added.sort((a, b) => a - b);
  const errors = results.filter((result) => result.error);
  return {
    concurrency,
    addedFirstChunkMs: { p50: percentile(added, 0.5), p99: percentile(added, 0.99), samples: added.length },
    cpuSecondsPer1000Tokens: relayedTokens ? cpu / (relayedTokens / 1000) : null,
    cpuSeconds: cpu,
    relayedTokens,
    browserBytesPerAnswer: mean(browserBytes),
    upstreamBytesPerAnswer: mean(upstreamBytes),
    bytesRatio: browserBytes.length ? mean(browserBytes) / mean(upstreamBytes) : null,
    peakRssMb: peakRssMb(server.child.pid),
    errors: errors.length,
    firstErrors: [...new Set(errors.map((error) => error.error))].slice(0, 3),
    wallSeconds,
  };
}

function report(rows, heading) {
  const fixed = (value, digits) => (value === null || value === undefined ? 'n/a' : value.toFixed(digits));
  const header = ['streams', 'added 1st chunk p50/p99 ms', 'CPU s/1k tok', 'bytes browser/upstream', 'peak RSS MB', 'errors', 'wall s'];
  const lines = rows.map((row) => [
    String(row.concurrency),
    `${fixed(row.addedFirstChunkMs.p50, 2)} / ${fixed(row.addedFirstChunkMs.p99, 2)}`,
    fixed(row.cpuSecondsPer1000Tokens, 4),
    row.bytesRatio === null
      ? 'n/a'
      : `${fixed(row.browserBytesPerAnswer, 0)} / ${fixed(row.upstreamBytesPerAnswer, 0)} = ${fixed(row.bytesRatio, 2)}x`,
    fixed(row.peakRssMb, 1),
    String(row.errors),
    fixed(row.wallSeconds, 1),
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i].length)));
  const format = (cells) => cells.map((cell, i) => cell.padEnd(widths[i])).join('  ');
  console.log(`\n${heading}: ${tokensPerAnswer} tokens per answer, ${tokenIntervalMs} ms apart upstream\n`);
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of lines) console.log(format(line));
  for (const row of rows) for (const error of row.firstErrors) console.log(`errors at ${row.concurrency}: ${error}`);
}

function printTargets() {
  console.log('\ntargets: CPU <= 0.02 s per 1,000 tokens; added first chunk <= 2 ms p50 and <= 10 ms p99 at 50 streams,');
  console.log('         <= 20 ms p99 at 200; zero errors at 500; browser bytes <= 1.2x upstream');
}

/** Measured levels after a warm-up round as large as the first of them (V8's one-off compile work). */
async function runLevels(target, fake, visitors, label) {
  await runLevel(target, fake, visitors, Math.min(50, Math.max(...levels)));
  const rows = [];
  for (const concurrency of levels) {
    console.log(`${label}: running ${concurrency} concurrent chat${concurrency === 1 ? '' : 's'}...`);
    rows.push(await runLevel(target, fake, visitors, concurrency));
  }
  return rows;
}

/** The server's own log lines (LOG_LEVEL=warn), which say why answers failed. */
function serverLogTail(child) {
  return child.output.split('\n').filter(Boolean).slice(-5);
}

ensureBuilt();
const fake = await startFake();
let server;
let floor;
try {
  server = await startServer(fake.url);
  const visitors = await visitorTokens(server.origin, Math.max(...levels));
  // Each target gets a warm-up round first, not reported, as large as the first measured level:
  // with 5 chats there the 50-stream figure came out about a fifth higher than a second 50-stream
  // round right after it (a running server has long paid V8's one-off compile work).
  const rows = await runLevels(server, fake, visitors, 'parley');
  await stop(server.child);
  let floorRows = [];
  if (process.env.RELAY_BENCH_FLOOR !== '0') {
    floor = await startFloor(fake.url);
    floorRows = await runLevels(floor, fake, visitors, 'floor');
  }
  report(rows, 'relay benchmark (parley)');
  if (floorRows.length > 0) report(floorRows, 'floor: a bare Node relay, no token check, database or retrieval (relay-floor.mjs)');
  printTargets();
  if (rows.some((row) => row.errors > 0)) console.log(`\nserver log (last lines):\n${serverLogTail(server.child).join('\n')}`);
  mkdirSync(`${root}bench-results`, { recursive: true });
  const output = { date: new Date().toISOString(), node: process.version, tokensPerAnswer, tokenIntervalMs, targets, levels: rows, floor: floorRows };
  writeFileSync(`${root}bench-results/relay.json`, `${JSON.stringify(output, null, 2)}\n`);
  console.log('\nwrote bench-results/relay.json');
} finally {
  await dispatcher.close();
  if (server) await stop(server.child);
  if (floor) await stop(floor.child);
  await stop(fake.child);
}
