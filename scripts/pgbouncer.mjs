// A PgBouncer in transaction mode in front of a PostgreSQL server, on a free loopback port, for
// the runs that check Parley behind a pooler (test:pg). Debian's package: apt-get install pgbouncer.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const candidates = ['pgbouncer', '/usr/sbin/pgbouncer'];

/** The pgbouncer binary, or null when it is not installed. */
export function findPgBouncer() {
  for (const binary of candidates) {
    if (spawnSync(binary, ['--version'], { stdio: 'ignore' }).status === 0) return binary;
  }
  return null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function accepts(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts PgBouncer (pool_mode = transaction) for every database of `upstreamUrl`'s server.
 * Returns the URL to use instead (same user and database, PgBouncer's port) and `stop()`.
 */
export async function startPgBouncer(upstreamUrl, binary = findPgBouncer()) {
  if (!binary) throw new Error('pgbouncer is not installed (apt-get install pgbouncer)');
  const upstream = new URL(upstreamUrl);
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'parley-pgbouncer-'));
  // as root PgBouncer drops to another user (`user`), which must read and write its files
  chmodSync(dir, 0o777);
  const logfile = path.join(dir, 'pgbouncer.log');
  const user = decodeURIComponent(upstream.username || 'postgres');
  const password = decodeURIComponent(upstream.password || '');
  writeFileSync(path.join(dir, 'users.txt'), `"${user}" "${password}"\n`, { mode: 0o644 });
  const serverAuth = password ? ` password=${password}` : '';
  const settings = [
    '[databases]',
    `* = host=${upstream.hostname} port=${upstream.port || 5432} user=${user}${serverAuth}`,
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    'unix_socket_dir =',
    'auth_type = trust',
    `auth_file = ${path.join(dir, 'users.txt')}`,
    'pool_mode = transaction',
    'max_client_conn = 1000',
    'default_pool_size = 20',
    `logfile = ${logfile}`,
    'log_connections = 0',
    'log_disconnections = 0',
    'ignore_startup_parameters = extra_float_digits,options',
    ...(process.getuid?.() === 0 ? [`user = ${user === 'root' ? 'postgres' : user}`] : []),
  ];
  writeFileSync(path.join(dir, 'pgbouncer.ini'), `${settings.join('\n')}\n`, { mode: 0o644 });
  // --quiet and no pipes: the caller may block in spawnSync while PgBouncer runs, and a full
  // pipe nobody reads would stall PgBouncer and every query behind it
  const child = spawn(binary, ['--quiet', path.join(dir, 'pgbouncer.ini')], { stdio: 'ignore' });
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      const said = existsSync(logfile) ? readFileSync(logfile, 'utf8').trim().split('\n').slice(-5).join('\n') : '';
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`pgbouncer did not start: ${said}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const url = new URL(upstreamUrl);
  url.port = String(port);
  return {
    url: url.toString(),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGINT');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
