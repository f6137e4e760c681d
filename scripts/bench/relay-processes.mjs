// The processes `npm run bench:relay` measures, and what it reads of them: the fake model
// service, the built server (on the embedded PGlite or on a scratch PostgreSQL database), the
// floor relay, and the CPU and memory the kernel counts for each (and for the PostgreSQL
// backends serving the scratch database).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { serverNodeFlags } from '../server-node-flags.mjs';

export const root = fileURLToPath(new URL('../..', import.meta.url));
const clockTicks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** The token the bench reads the server's /metrics with. */
export const metricsToken = 'relay-bench';

export function ensureBuilt() {
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
function startProcess(args, env, cwd = root) {
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: 'pipe' });
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

export async function startFake({ tokens, intervalMs }) {
  const cli = 'apps/server/test/fake-openai/cli.ts';
  const flags = ['--tokens', String(tokens), '--interval', String(intervalMs), '--models', 'bench-model'];
  const child = startProcess(['--import', 'tsx', cli, '--port', '0', ...flags], {});
  return { child, url: await announced(child, /FAKE_OPENAI_URL=(\S+)/, 'the fake upstream') };
}

/**
 * The built server (or the one at `entry`) in front of the fake model: on PGlite in memory, or on
 * `databaseUrl`. `cwd`: a scratch directory, where no .env file can point it elsewhere.
 */
export async function startServer(fakeUrl, { databaseUrl = '', entry = `${root}apps/server/dist/server.js`, cwd = root } = {}) {
  const port = await freePort();
  // e.g. RELAY_BENCH_SERVER_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to see where the server spends it
  const flags = (process.env.RELAY_BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
  const child = startProcess([...serverNodeFlags, ...flags, entry], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: ':memory:',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'off',
    METRICS_TOKEN: metricsToken,
    LLM_BASE_URL: fakeUrl,
    LLM_API_KEY: 'bench',
    LLM_MODELS: 'bench-model',
    VISITOR_DAILY_MESSAGES: '1000000',
    CHAT_RATE_LIMIT: '1000000',
    VISITOR_TOKEN_RATE_LIMIT: '1000000',
  }, cwd);
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
export async function startFloor(fakeUrl) {
  const child = startProcess(['scripts/bench/relay-floor.mjs', '--port', '0', '--upstream', fakeUrl], {});
  return { child, origin: await announced(child, /RELAY_FLOOR_URL=(\S+)/, 'the floor relay') };
}

export function stop(child) {
  if (child.exitCode !== null) return Promise.resolve();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const force = setTimeout(() => child.kill('SIGKILL'), 5000);
  return exited.finally(() => clearTimeout(force));
}

/** User and system CPU seconds the kernel counts for `pid`; null once it has gone. */
export function cpuSeconds(pid) {
  try {
    // Fields after the command name: utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return null;
  }
}

export function peakRssMb(pid) {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : null;
}

/** A counter or a histogram's _count/_sum from the server's /metrics; 0 when it has none yet. */
export async function serverMetric(origin, name) {
  const response = await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
  const text = await response.text();
  const line = text.split('\n').find((entry) => entry.startsWith(`${name} `) || entry.startsWith(`${name}{`));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

/**
 * A scratch database on the PostgreSQL at `adminUrl` (this machine's: its backends' CPU is read
 * from /proc), dropped with `drop`. `backendCpu()` sums the CPU of the backends serving it now,
 * by pid: the bench takes it before and after a level.
 */
export async function scratchPostgres(adminUrl) {
  const name = `relay_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    /** CPU seconds by backend pid of the connections to the scratch database. */
    async backendCpu() {
      const { rows } = await admin.query('select pid from pg_stat_activity where datname = $1', [name]);
      return new Map(rows.map(({ pid }) => [pid, cpuSeconds(pid)]).filter(([, seconds]) => seconds !== null));
    },
    async drop() {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

/** Whether a PostgreSQL answers at `url`. */
export async function postgresReachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}
