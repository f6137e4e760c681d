// `npm run bench:relay`: what an answer costs the server, database included, and how long a crowd
// waits for its first words. A fake OpenAI-compatible upstream (its own process: 500 tokens, 5 ms
// apart) feeds three targets, interleaved level by level so the machine's drift hits them alike:
// the floor (relay-floor.mjs, the least any Node relay must do: no token check, database or
// retrieval), the built server on a scratch PostgreSQL database, and the built server on the
// embedded PGlite. 1, 50, 200 and 500 visitors ask at once over POST
// /api/visitor/core/chat/completions. Per target and level: time to first text as the client sees
// it (question sent → first words), the time the server adds after the model's first token, CPU
// per 1,000 tokens of the Node process and of the PostgreSQL backends serving the bench's database
// (read from /proc; PGlite is inside the Node process), peak RSS, pool waits, database round trips per answer (pool checkouts), errors and bytes.
// Each target is then held to its floor's figures of the same run. Loopback only; JSON goes to
// bench-results/relay.json.
//   RELAY_BENCH_LEVELS=50,200          only those levels
//   RELAY_BENCH_DATABASE_URL=postgres://…  the PostgreSQL to make the scratch database on
//                                          (default postgres://postgres@127.0.0.1:5432/postgres)
//   RELAY_BENCH_TARGETS=floor,postgres,pglite  which targets run
//   RELAY_BENCH_BASELINE=<another build's dist/server.js>  adds it on PostgreSQL as `baseline`,
//                                          interleaved with the rest: before and after in one run
import { mkdirSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'undici';
import {
  cpuSeconds,
  ensureBuilt,
  peakRssMb,
  postgresReachable,
  root,
  scratchPostgres,
  serverMetric,
  startFake,
  startFloor,
  startServer,
  stop,
} from './relay-processes.mjs';

const levels = (process.env.RELAY_BENCH_LEVELS ?? '1,50,200,500').split(',').map(Number);
const wanted = new Set((process.env.RELAY_BENCH_TARGETS ?? 'floor,postgres,pglite').split(','));
const postgresUrl = process.env.RELAY_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const baselineEntry = process.env.RELAY_BENCH_BASELINE;
const tokensPerAnswer = 500;
const tokenIntervalMs = 5;
const levelTimeoutMs = 120_000;
/** Issue 21's targets, as ratios to the floor of the same run. */
const targets = {
  totalCpuToFloor: { postgres: 1.5, pglite: 2, atLevels: [200, 500] },
  pgliteRssMb: { at: 200, max: 350 },
  firstTextOverFloorMsPerChat: 1,
  addedFirstChunkOverFloorP99Ms: { atLevels: [50, 200], max: 15 },
  errorsAt500: 0,
  poolWaits: 0,
};

const wallClock = () => performance.timeOrigin + performance.now();
const dispatcher = new Agent({ connections: null, pipelining: 1, headersTimeout: levelTimeoutMs, bodyTimeout: levelTimeoutMs });

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

/** One chat: POSTs the question and reads the SSE stream, noting when it was sent and when the first delta arrived. */
async function chat(origin, visitor, content) {
  const result = { content, sentAt: wallClock(), firstDeltaAt: null, bytes: 0, status: null, error: null };
  try {
    const res = await request(`${origin}/api/visitor/core/chat/completions`, {
      method: 'POST',
      dispatcher,
      signal: AbortSignal.timeout(levelTimeoutMs),
      headers: {
        'content-type': 'application/json',
        'x-parley-visitor-token': visitor?.visitorToken ?? '',
        'x-parley-device': visitor?.deviceNumber ?? '',
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
const spread = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), samples: sorted.length };
};

/** The database CPU a level cost: by backend pid, after minus before (a backend born meanwhile counts from 0). */
function databaseSeconds(before, after) {
  let seconds = 0;
  for (const [pid, now] of after) seconds += now - (before.get(pid) ?? 0);
  const vanished = [...before.keys()].filter((pid) => !after.has(pid)).length;
  return { seconds, vanished };
}

async function runLevel(target, fake, concurrency) {
  const fakeOrigin = new URL(fake.url).origin;
  await fetch(`${fakeOrigin}/__fake/reset`, { method: 'POST' });
  const poolWaitsBefore = target.metrics ? await serverMetric(target.origin, 'parley_db_pool_waits_total') : null;
  const checkoutsBefore = target.metrics ? await serverMetric(target.origin, 'parley_db_pool_checkouts_total') : null;
  const dbBefore = target.postgres ? await target.postgres.backendCpu() : null;
  const cpuBefore = cpuSeconds(target.child.pid);
  const started = wallClock();
  const results = await Promise.all(
    Array.from({ length: concurrency }, (_, i) => chat(target.origin, target.visitors?.[i], `bench ${target.name} ${concurrency}-${i}: tell me a story`)),
  );
  const wallSeconds = (wallClock() - started) / 1000;
  const nodeSeconds = cpuSeconds(target.child.pid) - cpuBefore;
  const database = dbBefore ? databaseSeconds(dbBefore, await target.postgres.backendCpu()) : { seconds: 0, vanished: 0 };
  const poolWaits = target.metrics ? (await serverMetric(target.origin, 'parley_db_pool_waits_total')) - poolWaitsBefore : null;
  // the metrics reads themselves check nothing out
  const checkouts = target.metrics ? (await serverMetric(target.origin, 'parley_db_pool_checkouts_total')) - checkoutsBefore : null;
  const { requests } = await (await fetch(`${fakeOrigin}/__fake/requests`)).json();
  const byMarker = new Map();
  for (const record of requests) {
    const marker = /bench \S+ \d+-\d+:/.exec(JSON.stringify(record.body.messages ?? []));
    if (marker) byMarker.set(marker[0], record);
  }
  const added = [];
  const firstText = [];
  const browserBytes = [];
  const upstreamBytes = [];
  let relayedTokens = 0;
  for (const result of results) {
    const record = byMarker.get(/bench \S+ \d+-\d+:/.exec(result.content)[0]);
    if (result.error || !record) continue;
    if (result.firstDeltaAt !== null) firstText.push(result.firstDeltaAt - result.sentAt);
    if (result.firstDeltaAt !== null && record.firstChunkSentAt !== null) added.push(result.firstDeltaAt - record.firstChunkSentAt);
    browserBytes.push(result.bytes);
    upstreamBytes.push(record.bytesSent);
    if (record.finished) relayedTokens += tokensPerAnswer;
  }
  const errors = results.filter((result) => result.error);
  const perThousand = (seconds) => (relayedTokens ? seconds / (relayedTokens / 1000) : null);
  return {
    concurrency,
    firstTextMs: spread(firstText),
    addedFirstChunkMs: spread(added),
    cpuSecondsPer1000Tokens: {
      node: perThousand(nodeSeconds),
      database: target.postgres ? perThousand(database.seconds) : null,
      total: perThousand(nodeSeconds + database.seconds),
    },
    databaseBackendsGone: database.vanished,
    relayedTokens,
    browserBytesPerAnswer: mean(browserBytes),
    upstreamBytesPerAnswer: mean(upstreamBytes),
    bytesRatio: browserBytes.length ? mean(browserBytes) / mean(upstreamBytes) : null,
    peakRssMb: peakRssMb(target.child.pid),
    poolWaits,
    /** Statements (or transactions) the database was asked per answer. */
    checkoutsPerAnswer: checkouts === null ? null : checkouts / concurrency,
    errors: errors.length,
    firstErrors: [...new Set(errors.map((error) => error.error))].slice(0, 3),
    wallSeconds,
  };
}

const fixed = (value, digits) => (value === null || value === undefined ? 'n/a' : value.toFixed(digits));

function report(target, rows, floorRows) {
  const floorAt = (concurrency) => floorRows.find((row) => row.concurrency === concurrency);
  const header = ['chats', 'first text p50/p99 ms', 'added 1st chunk p50/p99', 'CPU s/1k tok node + db = total', 'x floor', 'peak RSS MB', 'pool waits', 'db trips/answer', 'errors', 'bytes x up', 'wall s'];
  const lines = rows.map((row) => {
    const floorTotal = floorAt(row.concurrency)?.cpuSecondsPer1000Tokens.total;
    const cpu = row.cpuSecondsPer1000Tokens;
    return [
      String(row.concurrency),
      `${fixed(row.firstTextMs.p50, 0)} / ${fixed(row.firstTextMs.p99, 0)}`,
      `${fixed(row.addedFirstChunkMs.p50, 1)} / ${fixed(row.addedFirstChunkMs.p99, 1)}`,
      cpu.database === null ? fixed(cpu.total, 4) : `${fixed(cpu.node, 4)} + ${fixed(cpu.database, 4)} = ${fixed(cpu.total, 4)}`,
      target.name === 'floor' || !floorTotal || cpu.total === null ? '' : `${fixed(cpu.total / floorTotal, 2)}x`,
      fixed(row.peakRssMb, 0),
      row.poolWaits === null ? '' : String(row.poolWaits),
      fixed(row.checkoutsPerAnswer, 1).replace('n/a', ''),
      String(row.errors),
      fixed(row.bytesRatio, 2),
      fixed(row.wallSeconds, 1),
    ];
  });
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i].length)));
  const format = (cells) => cells.map((cell, i) => cell.padEnd(widths[i])).join('  ');
  console.log(`\n${target.label}\n`);
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of lines) console.log(format(line));
  for (const row of rows) for (const error of row.firstErrors) console.log(`errors at ${row.concurrency}: ${error}`);
  for (const row of rows) if (row.databaseBackendsGone > 0) console.log(`at ${row.concurrency}: ${row.databaseBackendsGone} database backend(s) ended during the level; their CPU is not counted`);
}

/** Each target against issue 21's ratios to the floor of the same run: one line a check. */
function judge(results, floorRows) {
  const checks = [];
  const floorAt = (concurrency) => floorRows.find((row) => row.concurrency === concurrency);
  const check = (what, figure, limit, ok) => checks.push(`${ok ? 'meets ' : 'MISSES'}  ${what}: ${figure} (limit ${limit})`);
  for (const { target, rows } of results) {
    if (target.name === 'floor' || target.name === 'baseline') continue;
    for (const row of rows) {
      const floor = floorAt(row.concurrency);
      if (!floor) continue;
      const at = `${target.name} at ${row.concurrency}`;
      if (targets.totalCpuToFloor.atLevels.includes(row.concurrency) && row.cpuSecondsPer1000Tokens.total !== null) {
        const ratio = row.cpuSecondsPer1000Tokens.total / floor.cpuSecondsPer1000Tokens.total;
        const limit = targets.totalCpuToFloor[target.name];
        check(`${at}, CPU per 1k tokens (node + database) to the floor's`, `${fixed(ratio, 2)}x`, `${limit}x`, ratio <= limit);
      }
      for (const p of ['p50', 'p99']) {
        const limit = floor.firstTextMs[p] + targets.firstTextOverFloorMsPerChat * row.concurrency;
        check(`${at}, time to first text ${p}`, `${fixed(row.firstTextMs[p], 0)} ms`, `floor ${fixed(floor.firstTextMs[p], 0)} + ${row.concurrency} ms`, row.firstTextMs[p] !== null && row.firstTextMs[p] <= limit);
      }
      if (targets.addedFirstChunkOverFloorP99Ms.atLevels.includes(row.concurrency)) {
        const limit = floor.addedFirstChunkMs.p99 + targets.addedFirstChunkOverFloorP99Ms.max;
        check(`${at}, added to the first chunk p99`, `${fixed(row.addedFirstChunkMs.p99, 1)} ms`, `floor p99 ${fixed(floor.addedFirstChunkMs.p99, 1)} + 15 ms`, row.addedFirstChunkMs.p99 !== null && row.addedFirstChunkMs.p99 <= limit);
      }
      if (target.name === 'pglite' && row.concurrency === targets.pgliteRssMb.at) {
        check(`${at}, peak RSS`, `${fixed(row.peakRssMb, 0)} MB`, `${targets.pgliteRssMb.max} MB`, row.peakRssMb <= targets.pgliteRssMb.max);
      }
      if (row.concurrency === 500) check(`${at}, errors`, String(row.errors), '0', row.errors === 0);
      if (row.poolWaits !== null) check(`${at}, chats that waited for a pooled connection`, String(row.poolWaits), '0', row.poolWaits === 0);
    }
  }
  console.log(`\ntargets (issue 21), against the floor of this run:\n${checks.join('\n')}`);
}

async function startTargets(fake) {
  const made = [];
  if (wanted.has('floor')) made.push({ name: 'floor', label: 'floor: a bare Node relay, no token check, database or retrieval (relay-floor.mjs)', ...(await startFloor(fake.url)) });
  if (wanted.has('postgres')) {
    if (await postgresReachable(postgresUrl)) {
      const postgres = await scratchPostgres(postgresUrl);
      made.push({ name: 'postgres', label: 'parley on PostgreSQL (node + the backends serving its database)', postgres, metrics: true, ...(await startServer(fake.url, { databaseUrl: postgres.url })) });
      if (baselineEntry) {
        const baseline = await scratchPostgres(postgresUrl);
        const started = await startServer(fake.url, { databaseUrl: baseline.url, entry: baselineEntry });
        made.push({ name: 'baseline', label: `baseline on PostgreSQL: ${baselineEntry}`, postgres: baseline, metrics: true, ...started });
      }
    } else {
      console.log(`no PostgreSQL answers at ${postgresUrl}: the PostgreSQL target is left out`);
    }
  }
  if (wanted.has('pglite')) made.push({ name: 'pglite', label: 'parley on the embedded default (PGlite, in the Node process; it has no pool)', ...(await startServer(fake.url)) });
  for (const target of made) if (target.name !== 'floor') target.visitors = await visitorTokens(target.origin, Math.max(...levels));
  return made;
}

ensureBuilt();
const fake = await startFake({ tokens: tokensPerAnswer, intervalMs: tokenIntervalMs });
let running = [];
try {
  running = await startTargets(fake);
  // A warm-up round per target first, not reported, as large as the first measured level: a running
  // server has long paid V8's one-off compile work.
  for (const target of running) await runLevel(target, fake, Math.min(50, Math.max(...levels)));
  const results = running.map((target) => ({ target, rows: [] }));
  for (const concurrency of levels) {
    for (const entry of results) {
      console.log(`${entry.target.name}: ${concurrency} concurrent chat${concurrency === 1 ? '' : 's'}...`);
      entry.rows.push(await runLevel(entry.target, fake, concurrency));
    }
  }
  const floorRows = results.find((entry) => entry.target.name === 'floor')?.rows ?? [];
  console.log(`\n${tokensPerAnswer} tokens per answer, ${tokenIntervalMs} ms apart upstream; targets interleaved level by level`);
  for (const { target, rows } of results) report(target, rows, floorRows);
  if (floorRows.length > 0) judge(results, floorRows);
  mkdirSync(`${root}bench-results`, { recursive: true });
  const output = {
    date: new Date().toISOString(),
    node: process.version,
    tokensPerAnswer,
    tokenIntervalMs,
    targets,
    results: Object.fromEntries(results.map(({ target, rows }) => [target.name, rows])),
  };
  writeFileSync(`${root}bench-results/relay.json`, `${JSON.stringify(output, null, 2)}\n`);
  console.log('\nwrote bench-results/relay.json');
} finally {
  await dispatcher.close();
  for (const target of running) {
    await stop(target.child);
    await target.postgres?.drop();
  }
  await stop(fake.child);
}
