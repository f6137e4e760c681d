// Parley processes through faults: a PostgreSQL restarted under traffic, Redis vanishing and coming
// back, and the model service failing mid-answer for many streams at once. PostgreSQL and Redis
// here are private instances (temp directory, own port); the machine's shared ones are never touched.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deltas, openStream, readStream, type Caller } from '../chat-stream-helpers.js';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai/index.js';
import { redisAvailable } from '../redis.js';
import {
  metricsRequest,
  adminDatabaseUrl,
  allocatePort,
  createScratchDatabase,
  httpVisitor,
  postJson,
  postgresAvailable,
  scaleRedisUrl,
  skipOrFail,
  sqlClient,
  startInstance,
  type Instance,
} from './cluster.js';
import { postgresBinDir, redisServerBinary, startPrivatePostgres, startPrivateRedis } from './private-services.js';

const unavailableMessage = 'The database is unavailable at the moment. Please try again shortly.';
const fullAnswer = (count: number) => Array.from({ length: count }, (_, index) => `t${index} `).join('');

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI({ port: await allocatePort(), models: ['fake-model'] });
});
afterAll(() => fake?.close());
const modelEnv = () => ({ LLM_BASE_URL: fake.url, LLM_MODELS: 'fake-model', LLM_API_KEY: 'test' });

interface Outcome {
  /** 'done' (answer saved), 'refused' (HTTP error before the stream), 'stream-error' (error event). */
  kind: 'done' | 'refused' | 'stream-error';
  status: number;
  msg: string;
  answerId?: string;
  text: string;
}

/** Asks one question and reads the whole answer, whatever happens. */
async function ask(origin: string, caller: Caller, content: string): Promise<Outcome> {
  const response = await fetch(`${origin}${caller.prefix}/core/chat/completions`, {
    method: 'POST',
    headers: { ...caller.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ content, usingContext: false }),
  });
  if (response.status !== 200) {
    const text = await response.text();
    const msg = (() => {
      try {
        return (JSON.parse(text) as { msg: string }).msg;
      } catch {
        return `(not JSON: ${text.slice(0, 100)})`;
      }
    })();
    return { kind: 'refused', status: response.status, msg, text: '' };
  }
  const final = readStream(await response.text());
  const answerId = final.start?.answerId;
  if (final.done?.status === 'done') return { kind: 'done', status: 200, msg: '', answerId, text: final.text };
  return { kind: 'stream-error', status: 200, msg: final.error?.message ?? '(no error event)', answerId, text: final.text };
}

const hasPostgresBinaries = postgresBinDir() !== null;
const hasRedisServer = redisServerBinary() !== null;

describe.skipIf(skipOrFail(hasPostgresBinaries ? [] : ['PostgreSQL server binaries'], 'faults: PostgreSQL restart'))(
  'PostgreSQL restarted under traffic',
  () => {
    it('refuses clearly while it is down, serves again once it is back, and leaves no corrupt rows', async () => {
      const postgres = await startPrivatePostgres();
      const database = await createScratchDatabase(postgres.url);
      const sql = sqlClient(database.url);
      let instance: Instance | undefined;
      try {
        instance = await startInstance('solo', { ...modelEnv(), DATABASE_URL: database.url });
        const server = instance;
        fake.setScenario({ kind: 'ok', count: 20, intervalMs: 5 });
        const visitors = await Promise.all(Array.from({ length: 4 }, () => httpVisitor(server.origin)));

        const outcomes: { phase: 'before' | 'outage' | 'after'; outcome: Outcome }[] = [];
        let phase: 'before' | 'outage' | 'after' = 'before';
        let running = true;
        const workers = visitors.map(async (visitor, worker) => {
          for (let turn = 0; running; turn++) {
            const startedIn = phase;
            const outcome = await ask(server.origin, visitor, `worker ${worker} turn ${turn}`);
            outcomes.push({ phase: startedIn === 'after' ? 'after' : phase === 'before' ? 'before' : 'outage', outcome });
          }
        });

        await vi.waitFor(() => expect(outcomes.length).toBeGreaterThanOrEqual(8), { timeout: 20_000, interval: 50 });
        phase = 'outage';
        await postgres.stop();
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await postgres.start();
        phase = 'after';
        const afterCount = () => outcomes.filter((entry) => entry.phase === 'after' && entry.outcome.kind === 'done').length;
        await vi.waitFor(() => expect(afterCount()).toBeGreaterThanOrEqual(12), { timeout: 30_000, interval: 100 });
        running = false;
        await Promise.all(workers);

        // the process lived through it
        expect(server.child.exitCode).toBeNull();
        expect(outcomes.filter((entry) => entry.phase === 'before').every((entry) => entry.outcome.kind === 'done')).toBe(true);
        // while the database was down, questions were refused or ended with the database's message
        const failed = outcomes.filter((entry) => entry.outcome.kind !== 'done');
        expect(failed.length).toBeGreaterThan(0);
        for (const { outcome } of failed) {
          if (outcome.kind === 'refused') expect({ status: outcome.status, msg: outcome.msg }).toEqual({ status: 503, msg: unavailableMessage });
          else expect(outcome.msg).toContain(unavailableMessage);
        }
        // once it was back, the last questions all went through
        const lastOnes = outcomes.filter((entry) => entry.phase === 'after').slice(-8);
        expect(lastOnes.map((entry) => entry.outcome.kind)).toEqual(Array(8).fill('done'));

        // every answer a browser was told was done is saved whole; no row holds anything else
        const rows = await sql.query<{ id: string; role: string; status: string; content: string; chat_id: string }>(
          'select id, role, status, content, chat_id from chat_items order by seq',
        );
        const byId = new Map(rows.map((row) => [row.id, row]));
        for (const { outcome } of outcomes.filter((entry) => entry.outcome.kind === 'done')) {
          expect(byId.get(outcome.answerId ?? '')).toMatchObject({ status: 'done', content: fullAnswer(20) });
        }
        for (const row of rows.filter((entry) => entry.role === 'assistant')) {
          if (row.status === 'done') expect(row.content).toBe(fullAnswer(20));
          else expect(fullAnswer(20).startsWith(row.content)).toBe(true);
        }
        const orphans = await sql.query(
          `select a.id from chat_items a where a.role = 'assistant'
             and not exists (select 1 from chat_items q where q.chat_id = a.chat_id and q.role = 'user' and q.seq < a.seq)`,
        );
        expect(orphans).toEqual([]);
        const readyz = await fetch(`${server.origin}/readyz`);
        expect(readyz.status).toBe(200);
      } catch (error) {
        console.error(`instance output:\n${instance?.output().slice(-6000)}`);
        throw error;
      } finally {
        await instance?.stop();
        await sql.close();
        await database.drop().catch(() => undefined);
        await postgres.dispose();
      }
    }, 120_000);
  },
);

const sharedPostgres = await postgresAvailable(adminDatabaseUrl());

describe.skipIf(
  skipOrFail(
    [...(hasRedisServer ? [] : ['redis-server']), ...(sharedPostgres ? [] : [`PostgreSQL at ${adminDatabaseUrl()}`])],
    'faults: Redis unavailable',
  ),
)('Redis unavailable', () => {
  it('keeps both instances serving in degraded mode, logs it, and shares state again once Redis is back', async () => {
    const redis = await startPrivateRedis();
    const database = await createScratchDatabase();
    let a: Instance | undefined;
    let b: Instance | undefined;
    try {
      // info: the recovery is logged at info level
      const env = { ...modelEnv(), DATABASE_URL: database.url, REDIS_URL: redis.url, RESUME_GRACE_MS: '3000', LOG_LEVEL: 'info' };
      a = await startInstance('A', env);
      b = await startInstance('B', env);
      const [onA, onB] = [a, b];
      const visitor = await httpVisitor(onA.origin);

      await redis.kill();

      // A new visitor (rate-limited route) and a whole answer, on either instance
      fake.setScenario({ kind: 'ok', count: 20, intervalMs: 2 });
      const newcomer = await httpVisitor(onB.origin);
      expect((await ask(onB.origin, newcomer, 'Hello')).kind).toBe('done');
      expect((await ask(onA.origin, visitor, 'Hello')).kind).toBe('done');
      await vi.waitFor(() => expect(onA.output() + onB.output()).toContain('Redis unavailable: degraded mode'));

      // Stop Responding still works on the instance writing the answer
      fake.setScenario({ kind: 'ok', count: 300, intervalMs: 20 });
      const running = await openStream(onA.origin, visitor, '/core/chat/completions', { content: 'Count' });
      const early = await running.readUntil(deltas(2));
      expect((await postJson(onA.origin, visitor, '/core/chat/stop', { chatId: early.start?.chatId })).body.data).toEqual({ stopped: true });
      expect((await running.readAll()).done?.status).toBe('stopped');

      // resuming elsewhere is refused as not streaming; the saved answer is in the chat
      const another = await openStream(onA.origin, visitor, '/core/chat/completions', { content: 'Count again' });
      const started = await another.readUntil(deltas(1));
      const resume = await postJson(onB.origin, visitor, '/core/chat/resume', { answerId: started.start?.answerId, after: 0 });
      expect(resume.status).toBe(404);
      await postJson(onA.origin, visitor, '/core/chat/stop', { chatId: started.start?.chatId });
      await another.readAll();

      // Redis returns: the instances reconnect on their own and Stop Responding crosses instances again
      await redis.start();
      await vi.waitFor(() => expect(onA.output()).toContain('Redis available again'), { timeout: 15_000, interval: 200 });
      await vi.waitFor(() => expect(onB.output()).toContain('Redis available again'), { timeout: 15_000, interval: 200 });
      const third = await openStream(onA.origin, visitor, '/core/chat/completions', { content: 'Count once more' });
      const third1 = await third.readUntil(deltas(2));
      await vi.waitFor(
        async () => expect((await postJson(onB.origin, visitor, '/core/chat/stop', { chatId: third1.start?.chatId })).body.data).toEqual({ stopped: true }),
        { timeout: 5000, interval: 200 },
      );
      expect((await third.readAll()).done?.status).toBe('stopped');
    } finally {
      await Promise.all([a?.stop(), b?.stop()]);
      await database.drop().catch(() => undefined);
      await redis.dispose();
    }
  }, 120_000);
});

const redisUrl = scaleRedisUrl();
const sharedRedis = await redisAvailable(redisUrl);

describe.skipIf(
  skipOrFail(
    [...(sharedPostgres ? [] : [`PostgreSQL at ${adminDatabaseUrl()}`]), ...(sharedRedis ? [] : [`Redis at ${redisUrl}`])],
    'faults: model service failing',
  ),
)('the model service failing mid-answer for many streams at once', () => {
  const streams = 100;

  it('ends every stream with an error event, saves each partial answer as failed, and serves on', async () => {
    const database = await createScratchDatabase();
    const sql = sqlClient(database.url);
    let a: Instance | undefined;
    let b: Instance | undefined;
    try {
      const env = { ...modelEnv(), DATABASE_URL: database.url, REDIS_URL: redisUrl, LLM_STALL_TIMEOUT_MS: '1000', DB_POOL_SIZE: '10' };
      [a, b] = [await startInstance('A', env), await startInstance('B', env)];
      const instances = [a, b];
      const visitors: Caller[] = [];
      for (let i = 0; i < streams; i += 50) {
        visitors.push(...(await Promise.all(Array.from({ length: 50 }, (_, j) => httpVisitor(instances[(i + j) % 2]!.origin)))));
      }
      const askAll = (label: string) =>
        Promise.all(visitors.map((visitor, index) => ask(instances[index % 2]!.origin, visitor, `${label} ${index}`)));

      for (const [scenario, kind] of [
        [{ kind: 'cutAfter', tokens: 5, intervalMs: 10 }, 'cut'],
        [{ kind: 'stallAfter', tokens: 5, intervalMs: 10 }, 'stall'],
      ] as const) {
        fake.setScenario(scenario);
        const outcomes = await askAll(kind);
        for (const outcome of outcomes) {
          expect(outcome.kind, `${kind}: ${outcome.msg}`).toBe('stream-error');
          expect(fullAnswer(5).startsWith(outcome.text)).toBe(true);
        }
        const answerIds = outcomes.map((outcome) => outcome.answerId);
        const rows = await sql.query<{ id: string; status: string; content: string }>(
          'select id, status, content from chat_items where id = any($1::uuid[])',
          [answerIds],
        );
        expect(rows).toHaveLength(streams);
        const textOf = new Map(outcomes.map((outcome) => [outcome.answerId, outcome.text]));
        for (const row of rows) expect(row).toEqual({ id: row.id, status: 'error', content: textOf.get(row.id) });
      }

      // the model recovers: the same visitors are answered in full on both instances
      fake.setScenario({ kind: 'ok', count: 10, intervalMs: 5 });
      const recovered = await askAll('recovered');
      expect(recovered.map((outcome) => outcome.kind)).toEqual(Array(streams).fill('done'));
      const metrics = await (await fetch(`${a.origin}/metrics`, metricsRequest)).text();
      expect(metrics).toMatch(/upstream/);
    } finally {
      await Promise.all([a?.stop(), b?.stop()]);
      await sql.close();
      await database.drop().catch(() => undefined);
    }
  }, 120_000);
});
