// Several real Parley server processes on one PostgreSQL database and one Redis, for the
// multi-instance and fault tests (and single ones for the tracing test). Each instance is
// `node --import tsx src/server.ts`, so no build is needed, unless given a bundle to run; the
// tests talk to them over HTTP on loopback.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { afterAll } from 'vitest';
import { newDeviceNumber } from '../helper.js';
import type { Caller } from '../chat-stream-helpers.js';

const serverEntry = fileURLToPath(new URL('../../src/server.ts', import.meta.url));
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/**
 * Ports for what the tests start: from SCALE_TEST_PORT_BASE upwards when set (a machine where
 * port ranges are handed out), otherwise whatever the system gives.
 */
let nextPort = Number(process.env.SCALE_TEST_PORT_BASE ?? 0);
export async function allocatePort(): Promise<number> {
  for (;;) {
    const wanted = nextPort ? nextPort++ : 0;
    const port = await new Promise<number | null>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(null));
      probe.listen(wanted, '127.0.0.1', () => {
        const { port: bound } = probe.address() as { port: number };
        probe.close(() => resolve(bound));
      });
    });
    if (port !== null) return port;
    if (!nextPort) throw new Error('no free port');
  }
}

/**
 * A role that may create databases, on SCALE_TEST_DATABASE_URL's server, TEST_DATABASE_URL's or the
 * local one; connected to its `postgres` database, which every cluster has.
 */
export function adminDatabaseUrl(): string {
  const url = new URL(process.env.SCALE_TEST_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = '/postgres';
  return url.toString();
}

/** The Redis the tests share with nobody: DB 13 of the local one unless SCALE_TEST_REDIS_URL says otherwise. */
export function scaleRedisUrl(): string {
  return process.env.SCALE_TEST_REDIS_URL || 'redis://127.0.0.1:6379/13';
}

export async function postgresAvailable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Whether the suite must run: CI sets SCALE_TESTS_REQUIRED=1, so a missing PostgreSQL, Redis or
 * binary fails there instead of skipping quietly.
 */
export function skipOrFail(missing: string[], suite: string): boolean {
  if (missing.length === 0) return false;
  const message = `${suite}: ${missing.join(', ')} not available`;
  if (process.env.SCALE_TESTS_REQUIRED === '1') throw new Error(`${message} (SCALE_TESTS_REQUIRED=1)`);
  console.warn(`${message}: skipped`);
  return true;
}

/** A fresh database on the admin URL's server, dropped (with its connections) by `drop`. */
export async function createScratchDatabase(adminUrl = adminDatabaseUrl()) {
  const name = `parley_scale_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => admin(`drop database if exists "${name}" with (force)`) };
}

export interface Instance {
  name: string;
  origin: string;
  child: ChildProcess;
  /** Everything the process printed (its JSON log lines). */
  output(): string;
  /** Resolves once the process has exited. */
  exited: Promise<void>;
  /** SIGKILL: the instance dies at once, as in a crash. */
  kill(): Promise<void>;
  /** SIGTERM, then SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

const workDir = mkdtempSync(path.join(tmpdir(), 'parley-scale-'));
// this module is loaded once per test file: the directory goes with the file
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** The METRICS_TOKEN instances start with: `fetch(url, metricsRequest)` reads their /metrics. */
export const scaleMetricsToken = 'scale-metrics-token';
export const metricsRequest = { headers: { authorization: `Bearer ${scaleMetricsToken}` } };

export interface InstanceOptions {
  /** A built server.js to run instead of the source (through tsx). */
  bundle?: string;
  /** Modules preloaded with `node --import`, before the server. */
  preload?: string[];
}

/** Starts one instance and waits until /healthz answers. */
export async function startInstance(name: string, env: Record<string, string>, { bundle, preload = [] }: InstanceOptions = {}): Promise<Instance> {
  const port = await allocatePort();
  const entry = bundle ? [bundle] : ['--import', tsxLoader, serverEntry];
  const child = spawn(process.execPath, [...preload.flatMap((module) => ['--import', module]), ...entry], {
    // a directory without a .env file, so only these settings apply
    cwd: workDir,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DB_POOL_SIZE: '5',
      TRUST_PROXY: 'true',
      METRICS_TOKEN: scaleMetricsToken,
      WEB_DIST_DIR: '/nonexistent/parley-web-dist',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (data: Buffer) => {
    output = (output + data.toString('utf8')).slice(-200_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  const instance: Instance = {
    name,
    origin,
    child,
    output: () => output,
    exited,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(force);
    },
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return instance;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await instance.kill();
  throw new Error(`instance ${name} did not start:\n${output.slice(-4000)}`);
}

/** A visitor signed up over HTTP; its token works on every instance (they share the database). */
export async function httpVisitor(origin: string, forwardedFor = randomAddress()): Promise<Caller> {
  const deviceNumber = newDeviceNumber();
  const base = { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor };
  const response = await fetch(`${origin}/api/visitor/getToken`, { method: 'POST', headers: base, body: JSON.stringify({ deviceNumber }) });
  const body = (await response.json()) as { code: number; data: { visitorToken: string } };
  if (body.code !== 0) throw new Error(`getToken failed: ${JSON.stringify(body)}`);
  const headers = { 'x-parley-visitor-token': body.data.visitorToken, 'x-parley-device': deviceNumber, 'x-forwarded-for': forwardedFor };
  const identity = (await (await fetch(`${origin}/api/visitor/identity`, { headers })).json()) as { data: { visitorId: string } };
  return { prefix: '/api/visitor', headers, owner: { userId: null, visitorId: identity.data.visitorId } };
}

/** A JSON POST over HTTP; answers the status and the parsed envelope. */
export async function postJson(origin: string, caller: Caller, route: string, payload: unknown) {
  const response = await fetch(`${origin}${caller.prefix}${route}`, {
    method: 'POST',
    headers: { ...caller.headers, 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  return { status: response.status, body: (await response.json()) as { code: number; msg: string; data: unknown } };
}

/** A client address of its own, so rate-limit counts left by other runs never interfere. */
export function randomAddress(): string {
  const octet = () => 1 + (randomBytes(1)[0] ?? 0) % 254;
  return `10.${octet()}.${octet()}.${octet()}`;
}

/** Direct SQL on the instances' database, for checking what was saved. */
export function sqlClient(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => undefined);
  return {
    query: async <T extends object>(text: string, values: unknown[] = []) => (await pool.query<T>(text, values)).rows,
    close: () => pool.end(),
  };
}
