import type { FastifyInstance } from 'fastify';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { deltas, openStream, post, savedChats, visitorCaller, type Caller } from './chat-stream-helpers.js';
import { startFakeOpenAI } from './fake-openai/index.js';
import { buildTestApp } from './helper.js';
import { redisAvailable, testRedisUrl } from './redis.js';

const fake = await startFakeOpenAI({ models: ['fake-model'] });
afterAll(() => fake.close());
/** 100 tokens 20 ms apart: two seconds. */
const slowAnswer = { kind: 'ok', count: 100, intervalMs: 20 } as const;
const redisUrl = testRedisUrl();
const modes = [
  { name: 'one instance (in process)', overrides: {} },
  ...((await redisAvailable(redisUrl)) ? [{ name: 'with REDIS_URL (Redis streams)', overrides: { REDIS_URL: redisUrl } }] : []),
];
if (modes.length === 1) console.warn(`chat-stream-resume: Redis at ${redisUrl} unreachable, the Redis mode is skipped`);

beforeEach(() => {
  fake.reset();
  fake.setScenario(slowAnswer);
});

describe.each(modes)('resuming an answer, $name', ({ overrides }) => {
  let app: FastifyInstance;
  let address: string;
  // fetch keeps a dropped stream's socket in its pool; it would hold app.close() open
  afterAll(() => app?.server.closeAllConnections());
  beforeEach(async () => {
    if (app) return;
    app = await buildTestApp({ LLM_BASE_URL: fake.url, LLM_MODELS: 'fake-model', RESUME_GRACE_MS: '2000', ...overrides });
    address = await app.listen({ port: 0, host: '127.0.0.1' });
  });

  const resume = (caller: Caller, payload: object, signal?: AbortSignal) =>
    openStream(address, caller, '/core/chat/resume', payload, { signal });

  it('numbers every event with an SSE id, from 1', async () => {
    const visitor = await visitorCaller(app);
    fake.setScenario({ kind: 'ok', text: 'Short answer.' });
    const stream = await openStream(address, visitor, '/core/chat/completions', { content: 'Hi' });
    const final = await stream.readAll();
    expect(final.lastId).toBe(final.events.length);
  });

  it('continues after a dropped connection from the last event received, losing and repeating nothing', async () => {
    const visitor = await visitorCaller(app);
    const dropped = new AbortController();
    const first = await openStream(address, visitor, '/core/chat/completions', { content: 'Count' }, { signal: dropped.signal });
    const before = await first.readUntil(deltas(3));
    dropped.abort();

    const rest = await (await resume(visitor, { answerId: before.start?.answerId, after: before.lastId })).readAll();

    expect(rest.start).toBeUndefined();
    expect(rest.done?.status).toBe('done');
    const saved = (await savedChats(visitor.owner)).items.at(-1);
    expect(saved?.status).toBe('done');
    expect(before.text + rest.text).toBe(saved?.content);
    expect(saved?.content).toMatch(/^(t\d+ ){100}$/);
  });

  it('replays the whole answer from offset 0 after a reload, then follows it live', async () => {
    const visitor = await visitorCaller(app);
    const tab = new AbortController();
    const first = await openStream(address, visitor, '/core/chat/completions', { content: 'Count' }, { signal: tab.signal });
    const { start } = await first.readUntil(deltas(1));
    tab.abort();

    const again = await (await resume(visitor, { answerId: start?.answerId })).readAll();

    expect(again.start).toEqual(start);
    expect(again.done?.status).toBe('done');
    expect(again.text).toBe((await savedChats(visitor.owner)).items.at(-1)?.content);
  });

  it('keeps a dropped answer going while it is resumed, past the grace time', async () => {
    const visitor = await visitorCaller(app);
    fake.setScenario({ kind: 'ok', count: 150, intervalMs: 20 });
    const dropped = new AbortController();
    const first = await openStream(address, visitor, '/core/chat/completions', { content: 'Count' }, { signal: dropped.signal });
    const before = await first.readUntil(deltas(1));
    dropped.abort();
    const rest = await (await resume(visitor, { answerId: before.start?.answerId, after: before.lastId })).readAll();
    expect(rest.done?.status).toBe('done');
    expect((await savedChats(visitor.owner)).items.at(-1)?.status).toBe('done');
  });

  it("refuses someone else's answer as if it did not exist (404 / 10001)", async () => {
    const owner = await visitorCaller(app);
    const stranger = await visitorCaller(app);
    const stream = await openStream(address, owner, '/core/chat/completions', { content: 'Count' });
    const { start } = await stream.readUntil(deltas(1));

    const refused = await post(app, stranger, '/core/chat/resume', { answerId: start?.answerId, after: 0 });

    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 10001, msg: expect.stringContaining('no longer streaming') });
    await post(app, owner, '/core/chat/stop', { chatId: start?.chatId });
    await stream.readAll();
  });

  it('answers 404 for an answer that is not streaming, and 400 naming the field for a bad offset', async () => {
    const visitor = await visitorCaller(app);
    const unknown = await post(app, visitor, '/core/chat/resume', { answerId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);

    const bad = await post(app, visitor, '/core/chat/resume', { answerId: '00000000-0000-4000-8000-000000000000', after: -1 });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('after');
  });

  it('stops an answer nobody resumed within the grace time', async () => {
    const visitor = await visitorCaller(app);
    fake.setScenario({ kind: 'ok', count: 300, intervalMs: 20 });
    const dropped = new AbortController();
    const first = await openStream(address, visitor, '/core/chat/completions', { content: 'Count' }, { signal: dropped.signal });
    await first.readUntil(deltas(1));
    dropped.abort();
    await vi.waitFor(async () => expect((await savedChats(visitor.owner)).items.at(-1)?.status).toBe('stopped'), {
      timeout: 4000,
      interval: 200,
    });
  });
});
