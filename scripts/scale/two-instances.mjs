// `npm run start:two`: the production topology with processes instead of containers. Two Parley
// instances (built server) on two ports, one PostgreSQL database and one Redis, as
// docker-compose.yml runs them behind nginx. Put any load balancer in front, or use either port.
//   DATABASE_URL  default postgres://postgres@127.0.0.1:5432/parley (created when missing)
//   REDIS_URL     default redis://127.0.0.1:6379/0
//   SCALE_PORTS   default 3001,3002
// Other settings come from the environment or ./.env, as for `npm start`. Ctrl+C stops both
// gracefully; killing one instance leaves the other serving.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { buildAllIfStale, root } from '../build-if-stale.mjs';
import { serverNodeFlags } from '../server-node-flags.mjs';

if (process.argv.includes('--help')) {
  console.log('npm run start:two   (env: DATABASE_URL, REDIS_URL, SCALE_PORTS; see README "Running several instances")');
  process.exit(0);
}

const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/parley';
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379/0';
const ports = (process.env.SCALE_PORTS || '3001,3002').split(',').map((port) => Number(port.trim()));
if (ports.length < 2 || ports.some((port) => !Number.isInteger(port) || port <= 0 || port > 65535)) {
  console.error(`SCALE_PORTS must name two or more ports, e.g. 3001,3002 (got "${process.env.SCALE_PORTS}")`);
  process.exit(1);
}

/** Creates the database named in DATABASE_URL when the server does not have it yet. */
async function ensureDatabase(url) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`PostgreSQL at ${admin.host} is not reachable (${error.message}); start it or set DATABASE_URL`, { cause: error });
  }
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`create database "${name.replaceAll('"', '""')}"`);
      console.log(`[start:two] created database ${name}`);
    }
  } finally {
    await client.end();
  }
}

async function checkRedis(url) {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    throw new Error(`Redis at ${url} is not reachable (${error.message}); start it or set REDIS_URL`, { cause: error });
  } finally {
    client.disconnect();
  }
}

function startInstance(name, port) {
  const child = spawn(process.execPath, [...serverNodeFlags, join(root, 'apps/server/dist/server.js')], {
    cwd: process.cwd(),
    env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl, REDIS_URL: redisUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = (stream, target) => {
    let rest = '';
    stream.on('data', (data) => {
      const lines = (rest + data.toString('utf8')).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) target.write(`[${name}] ${line}\n`);
    });
  };
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  child.on('exit', (code, signal) => console.log(`[start:two] instance ${name} exited (${signal ?? `code ${code}`})`));
  return child;
}

async function waitHealthy(child, port) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the instance on port ${port} did not start`);
}

try {
  await ensureDatabase(databaseUrl);
  await checkRedis(redisUrl);
} catch (error) {
  console.error(`[start:two] ${error.message}`);
  process.exit(1);
}
buildAllIfStale();

const children = [];
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true;
    for (const child of children) if (child.exitCode === null) child.kill(signal);
  });
}
// The first instance applies the migrations; the others then start on a migrated database.
for (const [index, port] of ports.entries()) {
  const name = String.fromCharCode(97 + index);
  const child = startInstance(name, port);
  children.push(child);
  try {
    await waitHealthy(child, port);
  } catch (error) {
    console.error(`[start:two] ${error.message}`);
    for (const started of children) started.kill('SIGTERM');
    process.exit(1);
  }
}
const urls = ports.map((port, index) => `${String.fromCharCode(97 + index)}: http://127.0.0.1:${port}`).join(', ');
console.log(`[start:two] ${children.length} instances on one database and one Redis — ${urls}`);
await Promise.all(children.map((child) => (child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : null)));
process.exit(stopping ? 0 : 1);
