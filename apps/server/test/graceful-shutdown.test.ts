import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openAsBlob, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { errorCodes } from '@parley/contracts';
import { openDatabase } from '../src/db/client.js';
import { interruptedMessage } from '../src/db/repos/abandoned-answers.js';
import { chatItems } from '../src/db/schema/index.js';
import { deltas, openStream, type Caller } from './chat-stream-helpers.js';
import { startFakeOpenAI, type FakeOpenAI } from './fake-openai/index.js';
import { newDeviceNumber } from './helper.js';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const shutdownTimeoutMs = 8000;
const streamGraceMs = 1500;
/** Each test starts a server process: slow on a busy machine. */
const processTestMs = 120_000;

interface RunningServer {
  child: ChildProcess;
  base: string;
  dataDir: string;
  exited: Promise<{ code: number | null; at: number }>;
  logs: Array<Record<string, unknown>>;
}

let fake: FakeOpenAI;
const started: RunningServer[] = [];

beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterEach(() => {
  for (const server of started.splice(0)) {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    rmSync(server.dataDir, { recursive: true, force: true });
  }
});
afterAll(() => fake.close());

/** `node src/server.ts` (through tsx) in its own process, on PGlite in a temporary directory. */
async function startServer(): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-shutdown-'));
  // start from the migrated template (global-setup.ts): a fresh on-disk migration is slow
  const template = inject('pgliteTemplatePath');
  if (template) await (await openDatabase({ dataDir, pgliteDump: await openAsBlob(template) })).close();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: '/nonexistent/parley-web-dist',
      LLM_BASE_URL: fake.url,
      LLM_API_KEY: 'test-key',
      LLM_MODELS: 'fake-model',
      SHUTDOWN_TIMEOUT_MS: String(shutdownTimeoutMs),
      SHUTDOWN_STREAM_GRACE_MS: String(streamGraceMs),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Array<Record<string, unknown>> = [];
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.once('exit', (code) => resolve({ code, at: performance.now() })),
  );
  const base = await new Promise<string>((resolve, reject) => {
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    void exited.then(({ code }) => reject(new Error(`server exited (${code}) before listening: ${stderr}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      try {
        const entry = JSON.parse(line) as Record<string, unknown>;
        logs.push(entry);
        if (typeof entry.url === 'string' && String(entry.msg).startsWith('Parley is listening')) resolve(entry.url);
      } catch {
        // not a log line
      }
    });
  });
  const server = { child, base, dataDir, exited, logs };
  started.push(server);
  return server;
}

async function visitor(base: string): Promise<Caller> {
  const deviceNumber = newDeviceNumber();
  const response = await fetch(`${base}/api/visitor/getToken`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ deviceNumber }),
  });
  const { data } = (await response.json()) as { data: { visitorToken: string } };
  return {
    prefix: '/api/visitor',
    headers: { 'x-parley-visitor-token': data.visitorToken, 'x-parley-device': deviceNumber },
    owner: { userId: null, visitorId: '' },
  };
}

async function savedAnswer(dataDir: string, answerId: string) {
  const handle = await openDatabase({ dataDir });
  try {
    const [row] = await handle.db.select().from(chatItems).where(eq(chatItems.id, answerId));
    return row;
  } finally {
    await handle.close();
  }
}

describe('graceful shutdown of a server process (SIGTERM)', () => {
  it('refuses new chats, ends a long answer as interrupted with its text saved, and exits in time', async () => {
    fake.setScenario({ kind: 'ok', count: 2000, intervalMs: 10 });
    const server = await startServer();
    const caller = await visitor(server.base);
    const stream = await openStream(server.base, caller, '/core/chat/completions', { content: 'Tell me a long story' });
    const first = await stream.readUntil(deltas(3));

    const signalledAt = performance.now();
    server.child.kill('SIGTERM');
    // while it drains, the instance still answers: new chats get a clear refusal, readiness fails
    await expect
      .poll(async () => (await fetch(`${server.base}/readyz`)).status, { timeout: streamGraceMs })
      .toBe(503);
    const refused = await fetch(`${server.base}/api/visitor/core/chat/completions`, {
      method: 'POST',
      headers: { ...caller.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'One more question' }),
    });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ code: errorCodes.SHUTTING_DOWN.code, msg: errorCodes.SHUTTING_DOWN.msg });

    const ended = await stream.readAll();
    expect(ended.names.at(-1)).toBe('error');
    expect(ended.error).toMatchObject({ kind: 'internal', message: interruptedMessage, retryable: true });
    expect(ended.text.startsWith(first.text)).toBe(true);

    const { code, at } = await server.exited;
    expect(code).toBe(0);
    expect(at - signalledAt).toBeLessThan(shutdownTimeoutMs);
    expect(server.logs.some((entry) => entry.msg === 'closed cleanly')).toBe(true);

    const saved = await savedAnswer(server.dataDir, first.start!.answerId);
    expect(saved).toMatchObject({ status: 'error', content: ended.text, error: interruptedMessage });
    // the stream's log lines carry the request id the client got, and say why it ended
    const requestId = stream.response.headers.get('x-request-id');
    const streamLog = server.logs.filter((entry) => entry.answerId === first.start!.answerId);
    expect(streamLog.map((entry) => entry.msg)).toEqual(['answer stream started', 'answer stream failed']);
    for (const entry of streamLog) expect(entry.reqId).toBe(requestId);
    expect(streamLog[1]).toMatchObject({ stopReason: 'shutdown', status: 'error', chars: ended.text.length });
    expect(server.logs.find((entry) => entry.msg === 'draining: no new chats or jobs')).toMatchObject({ streaming: 1, graceMs: streamGraceMs });
  }, processTestMs);

  it('lets an answer that finishes within the grace end normally before the process exits', async () => {
    fake.setScenario({ kind: 'ok', count: 40, intervalMs: 15 });
    const server = await startServer();
    const caller = await visitor(server.base);
    const stream = await openStream(server.base, caller, '/core/chat/completions', { content: 'A short one' });
    const first = await stream.readUntil(deltas(2));

    server.child.kill('SIGTERM');
    const ended = await stream.readAll();
    expect(ended.done).toEqual({ answerId: first.start!.answerId, status: 'done' });
    expect(ended.text).toBe(Array.from({ length: 40 }, (_, index) => `t${index} `).join(''));

    expect((await server.exited).code).toBe(0);
    expect(await savedAnswer(server.dataDir, first.start!.answerId)).toMatchObject({ status: 'done', content: ended.text });
  }, processTestMs);
});
