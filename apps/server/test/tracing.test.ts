import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openAsBlob, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { openStream } from './chat-stream-helpers.js';
import { startFakeOpenAI, type FakeOpenAI } from './fake-openai/index.js';
import { spanKind, startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from './otlp-receiver.js';
import { redisAvailable, testRedisUrl } from './redis.js';
import { createScratchDatabase, httpVisitor, startInstance, type Instance } from './scale/cluster.js';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const recorder = fileURLToPath(new URL('./fixtures/record-module-loads.mjs', import.meta.url));
/** Two server processes a test (source and bundle), on a busy machine. */
const processTestMs = 120_000;
const chatRoute = '/api/visitor/core/chat/completions';
const openTelemetryModule = /\/node_modules\/(@opentelemetry|@fastify\/otel)\//;

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let redisUrl = '';
let receiver: OtlpReceiver;
let fake: FakeOpenAI;
let workDir: string;
let bundleDir: string;
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  [receiver, fake] = await Promise.all([startOtlpReceiver(), startFakeOpenAI()]);
  redisUrl = (await redisAvailable(testRedisUrl())) ? testRedisUrl() : '';
  workDir = mkdtempSync(path.join(tmpdir(), 'parley-tracing-'));
  // the bundle must sit where node_modules is found from (inside the repository), as dist/ does
  mkdirSync(path.join(serverDir, 'test-results'), { recursive: true });
  bundleDir = mkdtempSync(path.join(serverDir, 'test-results', 'bundle-'));
  const build = spawnSync(process.execPath, ['build.mjs', bundleDir], { cwd: serverDir, encoding: 'utf8' });
  expect(build.status, build.stderr).toBe(0);
}, processTestMs);
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  receiver.spans.length = 0;
  receiver.requests.length = 0;
});
afterAll(async () => {
  await Promise.all([receiver.close(), fake.close()]);
  rmSync(workDir, { recursive: true, force: true });
  rmSync(bundleDir, { recursive: true, force: true });
});

/** A scratch PostgreSQL database with TEST_DATABASE_URL; else PGlite in a directory, from the migrated template. */
async function databaseSettings(): Promise<Record<string, string>> {
  if (onPostgres) {
    const database = await createScratchDatabase();
    cleanups.push(database.drop);
    // behind test:pg's PgBouncer, as the server is deployed behind one
    return { DATABASE_URL: database.url, DATABASE_POOL_MODE: process.env.TEST_DATABASE_POOL_MODE ?? 'session' };
  }
  const dataDir = mkdtempSync(path.join(workDir, 'data-'));
  await (await openDatabase({ dataDir, pgliteDump: await openAsBlob(inject('pgliteTemplatePath')) })).close();
  return { DATA_DIR: dataDir, DATABASE_URL: '' };
}

type Entry = 'source' | 'bundle';

async function startServer(entry: Entry, env: Record<string, string>): Promise<{ server: Instance; loadedModules: () => string[] }> {
  const modulesFile = path.join(workDir, `modules-${Date.now()}.txt`);
  const server = await startInstance(
    `tracing-${entry}`,
    {
      ...(await databaseSettings()),
      REDIS_URL: redisUrl,
      LOG_LEVEL: 'info',
      LLM_BASE_URL: fake.url,
      LLM_API_KEY: 'test-key',
      LLM_MODELS: 'fake-model',
      RECORD_MODULES_TO: modulesFile,
      ...env,
    },
    { bundle: entry === 'bundle' ? path.join(bundleDir, 'server.js') : undefined, preload: [recorder] },
  );
  cleanups.push(() => server.kill());
  return { server, loadedModules: () => (existsSync(modulesFile) ? readFileSync(modulesFile, 'utf8').split('\n') : []) };
}

/** Asks one question as a new visitor and reads the answer to its end; answers the request's id. */
async function askOneQuestion(origin: string): Promise<string> {
  const stream = await openStream(origin, await httpVisitor(origin), '/core/chat/completions', { content: 'Are traces on?' });
  const answer = await stream.readAll();
  expect(answer.names.at(-1)).toBe('done');
  return stream.response.headers.get('x-request-id') ?? '';
}

function logLines(server: Instance): Record<string, unknown>[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The span's parents up to its trace's root, nearest first. */
function ancestorsOf(span: ReceivedSpan, trace: ReceivedSpan[]): ReceivedSpan[] {
  const chain: ReceivedSpan[] = [];
  for (let parent = trace.find((other) => other.spanId === span.parentSpanId); parent; ) {
    chain.push(parent);
    const next = parent.parentSpanId;
    parent = trace.find((other) => other.spanId === next);
  }
  return chain;
}

describe.each<Entry>(['source', 'bundle'])('traces of the server run from its %s, with an OTLP endpoint set', (entry) => {
  it(
    'follow one question from its route through the database to the model in one trace, which its log lines name',
    async () => {
      fake.setScenario({ kind: 'ok', text: 'Yes, they are.', servedModel: 'fake-model-2025-06' });
      const { server, loadedModules } = await startServer(entry, {
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_EXPORTER_OTLP_HEADERS: 'x-collector-key=test-secret',
        // nothing is sent before shutdown: the spans arrive only if a graceful stop flushes them
        OTEL_BSP_SCHEDULE_DELAY: '600000',
      });
      const requestId = await askOneQuestion(server.origin);
      await server.stop();

      const chat = receiver.spans.find((span) => span.name === 'chat fake-model');
      expect(chat, `spans received: ${receiver.spans.map((span) => span.name).join(', ')}`).toBeDefined();
      const trace = receiver.spans.filter((span) => span.traceId === chat!.traceId);
      const root = trace.find((span) => span.parentSpanId === null)!;
      expect(root).toMatchObject({
        name: `POST ${chatRoute}`,
        kind: spanKind.server,
        attributes: { 'http.request.method': 'POST', 'http.route': chatRoute, 'url.path': chatRoute, 'http.response.status_code': 200 },
        resource: { 'service.name': 'parley' },
      });
      expect(ancestorsOf(chat!, trace).at(-1)).toBe(root);

      expect(chat).toMatchObject({
        kind: spanKind.client,
        status: { code: 0 },
        attributes: {
          'gen_ai.operation.name': 'chat',
          'gen_ai.provider.name': 'openai',
          'gen_ai.request.model': 'fake-model',
          'gen_ai.response.model': 'fake-model-2025-06',
          'gen_ai.response.finish_reasons': ['stop'],
          'gen_ai.usage.output_tokens': 3,
          'server.address': '127.0.0.1',
        },
      });
      expect(chat!.attributes['gen_ai.usage.input_tokens']).toBeGreaterThan(0);
      const firstChunkSeconds = chat!.attributes['gen_ai.response.time_to_first_chunk'] as number;
      expect(firstChunkSeconds).toBeGreaterThan(0);
      expect(firstChunkSeconds * 1e9).toBeLessThanOrEqual(chat!.endNanos - chat!.startNanos);

      const queries = trace.filter((span) => span.attributes['db.system.name'] === 'postgresql');
      if (onPostgres) {
        expect(queries.some((span) => String(span.attributes['db.query.text']).includes('insert into "chats"'))).toBe(true);
        for (const query of queries) expect(ancestorsOf(query, trace)).toContain(root);
        // what a new chat's first question asks of the database before the model: no read of earlier turns (it has none)
        const beforeModel = queries.filter((span) => span.startNanos < chat!.startNanos).map((span) => String(span.attributes['db.query.text']));
        expect(beforeModel.filter((text) => /from "chat_items"/.test(text))).toEqual([]);
      } else {
        // the embedded PGlite is not traced
        expect(queries).toEqual([]);
      }
      if (redisUrl) expect(trace.some((span) => span.attributes['db.system.name'] === 'redis')).toBe(true);

      // every line logged once the request had its span (all but `incoming request`) names the trace
      const lines = logLines(server).filter((line) => line.reqId === requestId);
      const traced = lines.filter((line) => line.msg !== 'incoming request');
      expect(traced.map((line) => line.msg)).toEqual(expect.arrayContaining(['answer stream ended', 'request completed']));
      for (const line of traced) expect(line).toMatchObject({ trace_id: chat!.traceId, span_id: expect.stringMatching(/^[0-9a-f]{16}$/) });

      expect(receiver.requests[0]?.headers['x-collector-key']).toBe('test-secret');
      expect(loadedModules().some((url) => url.includes('/node_modules/@opentelemetry/sdk-trace-node/'))).toBe(true);
    },
    processTestMs,
  );
});

describe.each<Entry>(['source', 'bundle'])('the server run from its %s, without an OTLP endpoint', (entry) => {
  it(
    'loads nothing of OpenTelemetry and writes no trace ids (nor the AWS SDK, with no S3_BUCKET)',
    async () => {
      fake.setScenario({ kind: 'ok', text: 'No, they are off.' });
      // an empty endpoint counts as unset, as `OTEL_EXPORTER_OTLP_ENDPOINT=` in a .env file
      const { server, loadedModules } = await startServer(entry, { OTEL_EXPORTER_OTLP_ENDPOINT: '', OTEL_SERVICE_NAME: 'parley' });
      const requestId = await askOneQuestion(server.origin);
      await server.stop();

      expect(loadedModules().length).toBeGreaterThan(0);
      expect(loadedModules().filter((url) => openTelemetryModule.test(url))).toEqual([]);
      expect(loadedModules().filter((url) => url.includes('/node_modules/@aws-sdk/'))).toEqual([]);
      const lines = logLines(server).filter((line) => line.reqId === requestId);
      expect(lines.map((line) => line.msg)).toContain('answer stream ended');
      for (const line of lines) expect(line).not.toHaveProperty('trace_id');
    },
    processTestMs,
  );
});
