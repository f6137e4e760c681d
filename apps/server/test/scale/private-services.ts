// A PostgreSQL and a Redis of the test's own (temp directory, own port), so fault tests can stop
// and restart them without touching the machine's shared services.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { allocatePort, postgresAvailable } from './cluster.js';

/** The newest PostgreSQL server binaries: PG_BIN_DIR, or Debian's /usr/lib/postgresql/<version>/bin. */
export function postgresBinDir(): string | null {
  if (process.env.PG_BIN_DIR) return existsSync(path.join(process.env.PG_BIN_DIR, 'initdb')) ? process.env.PG_BIN_DIR : null;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((version) => existsSync(path.join(root, version, 'bin', 'initdb')))
    .sort((x, y) => Number(y) - Number(x));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

export function redisServerBinary(): string | null {
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
}

/** PostgreSQL refuses to run as root: as root, run it as the `postgres` user. */
function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  if (!line) throw new Error('running as root needs a `postgres` user to run a private PostgreSQL');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

export interface PrivatePostgres {
  /** Admin URL (user postgres, database postgres). */
  url: string;
  port: number;
  /** Immediate shutdown (like a crash: recovery from WAL at the next start). */
  stop(): Promise<void>;
  start(): Promise<void>;
  dispose(): Promise<void>;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('no PostgreSQL server binaries (initdb) found');
  const user = postgresUser();
  const dir = mkdtempSync(path.join(tmpdir(), 'parley-private-pg-'));
  if (user) chownSync(dir, user.uid, user.gid);
  const dataDir = path.join(dir, 'data');
  const asUser = user ? { uid: user.uid, gid: user.gid } : {};
  const init = spawnSync(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync'], {
    ...asUser,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', LANG: 'C.UTF-8' },
  });
  if (init.status !== 0) throw new Error(`initdb failed:\n${init.stdout}\n${init.stderr}`);
  const port = await allocatePort();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let child: ChildProcess | null = null;
  let log = '';

  const start = async () => {
    const server = spawn(
      path.join(bin, 'postgres'),
      ['-D', dataDir, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=100'],
      { ...asUser, stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: process.env.PATH ?? '', LANG: 'C.UTF-8' } },
    );
    server.stdout?.on('data', (data: Buffer) => (log = (log + data.toString()).slice(-8000)));
    server.stderr?.on('data', (data: Buffer) => (log = (log + data.toString()).slice(-8000)));
    child = server;
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && server.exitCode === null) {
      if (await postgresAvailable(url)) return;
      await sleep(100);
    }
    throw new Error(`the private PostgreSQL did not start:\n${log}`);
  };
  const stop = async () => {
    const server = child;
    if (!server || server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGQUIT');
    await exited;
    child = null;
  };
  await start();
  return {
    url,
    port,
    stop,
    start,
    async dispose() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** PING over a raw socket: true on +PONG (no client library, so no unhandled error events). */
function redisPongs(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
    socket.once('connect', () => socket.write('PING\r\n'));
  });
}

export interface PrivateRedis {
  url: string;
  /** SIGKILL: Redis vanishes without a word. */
  kill(): Promise<void>;
  start(): Promise<void>;
  dispose(): Promise<void>;
}

/** `extraArgs` go to redis-server after the test's own (e.g. cluster mode); the URL then names no database. */
export async function startPrivateRedis(extraArgs: string[] = []): Promise<PrivateRedis & { port: number }> {
  const binary = redisServerBinary();
  if (!binary) throw new Error('no redis-server found');
  const port = await allocatePort();
  const url = extraArgs.length > 0 ? `redis://127.0.0.1:${port}` : `redis://127.0.0.1:${port}/0`;
  const dir = mkdtempSync(path.join(tmpdir(), 'parley-private-redis-'));
  let child: ChildProcess | null = null;
  const start = async () => {
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, ...extraArgs];
    const server = spawn(binary, args, {
      stdio: 'ignore',
    });
    child = server;
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && server.exitCode === null) {
      if (await redisPongs(port)) return;
      await sleep(50);
    }
    throw new Error('the private Redis did not start');
  };
  const kill = async () => {
    const server = child;
    if (!server || server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGKILL');
    await exited;
    child = null;
  };
  await start();
  return {
    url,
    port,
    kill,
    start,
    async dispose() {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface PrivateRedisCluster {
  /** The nodes as REDIS_CLUSTER_NODES takes them: host:port, comma-separated. */
  nodes: string;
  dispose(): Promise<void>;
}

/**
 * Three Redis processes in cluster mode, each serving a third of the slots (no replicas), made
 * into one cluster by `redis-cli --cluster create`: what REDIS_CLUSTER_NODES points at in production.
 */
export async function startPrivateRedisCluster(): Promise<PrivateRedisCluster> {
  const started: (PrivateRedis & { port: number })[] = [];
  const dispose = async () => {
    await Promise.all(started.map((redis) => redis.dispose()));
  };
  try {
    for (let index = 0; index < 3; index += 1) {
      started.push(await startPrivateRedis(['--cluster-enabled', 'yes', '--cluster-config-file', `nodes-${index}.conf`, '--cluster-node-timeout', '2000']));
    }
    const addresses = started.map((redis) => `127.0.0.1:${redis.port}`);
    const created = spawnSync('redis-cli', ['--cluster', 'create', ...addresses, '--cluster-replicas', '0', '--cluster-yes'], { encoding: 'utf8' });
    if (created.status !== 0) throw new Error(`redis-cli --cluster create failed: ${created.stdout}${created.stderr}`);
    const deadline = Date.now() + 15_000;
    const ready = () =>
      addresses.every((address) => {
        const [host, port] = address.split(':');
        const info = spawnSync('redis-cli', ['-h', host!, '-p', port!, 'cluster', 'info'], { encoding: 'utf8' });
        return info.stdout.includes('cluster_state:ok');
      });
    while (!ready()) {
      if (Date.now() > deadline) throw new Error('the Redis Cluster did not reach cluster_state:ok');
      await sleep(100);
    }
    return { nodes: addresses.join(','), dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}
