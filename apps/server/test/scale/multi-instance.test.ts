// Two Parley processes (A and B) on one PostgreSQL database and one Redis, a fake OpenAI-compatible
// model service over real HTTP: what one instance starts, the other can stop, resume and count.
// Once with one Redis (REDIS_URL), once with a three-node Redis Cluster (REDIS_CLUSTER_NODES).
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { deltas, openStream } from '../chat-stream-helpers.js';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai/index.js';
import { redisAvailable } from '../redis.js';
import {
  adminDatabaseUrl,
  allocatePort,
  createScratchDatabase,
  httpVisitor,
  postJson,
  postgresAvailable,
  randomAddress,
  scaleRedisUrl,
  skipOrFail,
  sqlClient,
  startInstance,
  type Instance,
} from './cluster.js';
import { redisServerBinary, startPrivateRedisCluster } from './private-services.js';

const redisUrl = scaleRedisUrl();
const missing = [
  ...((await postgresAvailable(adminDatabaseUrl())) ? [] : [`PostgreSQL at ${adminDatabaseUrl()}`]),
  ...((await redisAvailable(redisUrl)) ? [] : [`Redis at ${redisUrl}`]),
];
const skip = skipOrFail(missing, 'multi-instance');
const skipCluster = skip || skipOrFail(redisServerBinary() ? [] : ['redis-server (for a Redis Cluster)'], 'multi-instance on a Redis Cluster');

/** Where the instances share their state, and how it is torn down. */
interface SharedRedis {
  env: Record<string, string>;
  dispose(): Promise<void>;
}
const setups = [
  { name: 'one Redis', skip, start: async (): Promise<SharedRedis> => ({ env: { REDIS_URL: redisUrl }, dispose: async () => undefined }) },
  {
    name: 'a three-node Redis Cluster',
    skip: skipCluster,
    start: async (): Promise<SharedRedis> => {
      const cluster = await startPrivateRedisCluster();
      return { env: { REDIS_CLUSTER_NODES: cluster.nodes }, dispose: cluster.dispose };
    },
  },
];

/** 400 numbered tokens 20 ms apart: eight seconds, long enough to act on mid-answer. */
const longAnswer = { kind: 'ok', count: 400, intervalMs: 20 } as const;
const fullLongAnswer = Array.from({ length: 400 }, (_, index) => `t${index} `).join('');

for (const setup of setups) describe.skipIf(setup.skip)(`two instances on one PostgreSQL and ${setup.name}`, () => {
  let shared: SharedRedis;
  let fake: FakeOpenAI;
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let sql: ReturnType<typeof sqlClient>;
  let a: Instance;
  let b: Instance;
  const instanceEnv = () => ({
    DATABASE_URL: database.url,
    ...shared.env,
    LLM_BASE_URL: fake.url,
    LLM_MODELS: 'fake-model',
    LLM_API_KEY: 'test',
    RESUME_GRACE_MS: '5000',
    VISITOR_TOKEN_RATE_LIMIT: '3',
  });

  beforeAll(async () => {
    shared = await setup.start();
    fake = await startFakeOpenAI({ port: await allocatePort(), models: ['fake-model'] });
    database = await createScratchDatabase();
    sql = sqlClient(database.url);
    // one after the other: the second start finds the migrations applied
    a = await startInstance('A', instanceEnv());
    b = await startInstance('B', instanceEnv());
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await sql?.close();
    await database?.drop();
    await fake?.close();
    await shared?.dispose();
  }, 60_000);

  beforeEach(() => {
    fake.reset();
    fake.setScenario(longAnswer);
  });

  const answerRow = async (answerId: string | undefined) =>
    (await sql.query<{ status: string; content: string; error: string | null }>(
      'select status, content, error from chat_items where id = $1',
      [answerId],
    ))[0];

  it('stops through B an answer that A is streaming: A ends it as stopped and saves what was sent', async () => {
    const visitor = await httpVisitor(a.origin);
    const onA = await openStream(a.origin, visitor, '/core/chat/completions', { content: 'Count for me' });
    const early = await onA.readUntil(deltas(3));

    const stop = await postJson(b.origin, visitor, '/core/chat/stop', { chatId: early.start?.chatId });

    expect(stop).toMatchObject({ status: 200, body: { code: 0, data: { stopped: true } } });
    const final = await onA.readAll();
    expect(final.done).toEqual({ answerId: early.start?.answerId, status: 'stopped' });
    expect(final.text.length).toBeLessThan(fullLongAnswer.length);
    expect(await answerRow(early.start?.answerId)).toEqual({ status: 'stopped', content: final.text, error: null });
    // A closed its request to the model service too
    await vi.waitFor(() => expect(fake.requests[0]?.closedEarly).toBe(true));
  });

  it("refuses through B to stop someone else's answer, which goes on on A", async () => {
    const owner = await httpVisitor(a.origin);
    const stranger = await httpVisitor(b.origin);
    fake.setScenario({ kind: 'ok', count: 60, intervalMs: 10 });
    const onA = await openStream(a.origin, owner, '/core/chat/completions', { content: 'Count' });
    const early = await onA.readUntil(deltas(1));

    const stop = await postJson(b.origin, stranger, '/core/chat/stop', { chatId: early.start?.chatId });

    expect(stop.body.data).toEqual({ stopped: false });
    expect((await onA.readAll()).done?.status).toBe('done');
  });

  it('resumes on B an answer whose instance A was killed mid-answer, losing none of the text A sent', async () => {
    const visitor = await httpVisitor(a.origin);
    const onA = await openStream(a.origin, visitor, '/core/chat/completions', { content: 'Count for me' });
    const seen = await onA.readUntil(deltas(20));
    const answerId = seen.start?.answerId;

    await a.kill();
    const beforeDeath = await onA.readAll().catch(() => seen);

    // the browser reconnects to another instance from the last event it had
    const rest = await (await openStream(b.origin, visitor, '/core/chat/resume', { answerId, after: beforeDeath.lastId })).readAll();
    // and a reload replays the answer from its first event
    const replay = await (await openStream(b.origin, visitor, '/core/chat/resume', { answerId, after: 0 })).readAll();

    expect(replay.start).toEqual(seen.start);
    expect(replay.text.startsWith(beforeDeath.text)).toBe(true);
    expect(beforeDeath.text + rest.text).toBe(replay.text);
    expect(fullLongAnswer.startsWith(replay.text)).toBe(true);
    expect(rest.error).toMatchObject({ answerId, message: 'The answer was interrupted.', retryable: true });
    expect(replay.error).toEqual(rest.error);
    // the row A left holds a clean prefix of the answer
    const left = await answerRow(answerId);
    expect(['streaming', 'error']).toContain(left?.status);
    expect(replay.text.startsWith(left?.content ?? 'x')).toBe(true);

    // A comes back; once the row has gone unrefreshed for 15 s it is saved as interrupted
    a = await startInstance('A', instanceEnv());
    await vi.waitFor(async () => expect((await answerRow(answerId))?.status).toBe('error'), { timeout: 30_000, interval: 500 });
    const saved = await answerRow(answerId);
    expect(saved?.error).toBe('The answer was interrupted.');
    expect(replay.text.startsWith(saved?.content ?? 'x')).toBe(true);
    // and the chat takes its next question, on either instance
    fake.setScenario({ kind: 'ok', text: 'Back again.' });
    const next = await (await openStream(b.origin, visitor, '/core/chat/completions', { chatId: seen.start?.chatId, content: 'Again' })).readAll();
    expect(next.done?.status).toBe('done');
    expect(next.text).toBe('Back again.');
  }, 90_000);

  it('shares rate limits: visitor tokens spent on A count on B', async () => {
    const address = randomAddress();
    const getToken = (instance: Instance) =>
      fetch(`${instance.origin}/api/visitor/getToken`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({ deviceNumber: String(Date.now()).padStart(24, '7') }),
      });

    const statuses = [];
    for (const instance of [a, b, a, b]) statuses.push((await getToken(instance)).status);

    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await (await getToken(a)).json();
    expect(refused).toMatchObject({ code: expect.any(Number), msg: expect.any(String) });
  });

  it('streams answers on both instances at once, each saved whole', async () => {
    fake.setScenario({ kind: 'ok', count: 50, intervalMs: 5 });
    const visitors = await Promise.all([a, b, a, b, a, b].map((instance) => httpVisitor(instance.origin)));
    const streams = await Promise.all(
      visitors.map(async (visitor, index) =>
        (await openStream((index % 2 ? b : a).origin, visitor, '/core/chat/completions', { content: `Q${index}` })).readAll(),
      ),
    );
    for (const stream of streams) {
      expect(stream.done?.status).toBe('done');
      expect((await answerRow(stream.start?.answerId))?.content).toBe(stream.text);
    }
  });
});

