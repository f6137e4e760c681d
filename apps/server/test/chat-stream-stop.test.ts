import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { deltas, openStream as openStreamAt, post, readStream, savedChats, visitorCaller, type Caller } from './chat-stream-helpers.js';
import { answerParts } from '../src/db/schema/index.js';
import { startFakeOpenAI } from './fake-openai/index.js';
import { buildTestApp, testDatabase } from './helper.js';

const fake = await startFakeOpenAI({ models: ['fake-model'] });
afterAll(() => fake.close());
/** A client that went away may resume for 300 ms here; then the answer stops. */
const config = { LLM_BASE_URL: fake.url, LLM_MODELS: 'fake-model', RESUME_GRACE_MS: '300' };
/** 300 tokens 20 ms apart: six seconds, far longer than any test waits. */
const slowAnswer = { kind: 'ok', count: 300, intervalMs: 20 } as const;

async function listening(overrides = {}) {
  const app = await buildTestApp({ ...config, ...overrides });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, address };
}
const { app, address } = await listening();

beforeEach(() => {
  fake.reset();
  fake.setScenario(slowAnswer);
});

/** A completions or regenerate call over real HTTP, read as it arrives. */
function openStream(caller: Caller, path: string, payload: object, options: { signal?: AbortSignal; base?: string } = {}) {
  return openStreamAt(options.base ?? address, caller, path, payload, options);
}

async function answerOf(caller: Caller) {
  return (await savedChats(caller.owner)).items.at(-1);
}

describe('Stop Responding', () => {
  it('ends the stream as stopped, keeps the partial answer and closes the upstream request', async () => {
    const visitor = await visitorCaller(app);
    const stream = await openStream(visitor, '/core/chat/completions', { content: 'Count to 300' });
    expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
    const early = await stream.readUntil(deltas(3));

    const stop = await post(app, visitor, '/core/chat/stop', { chatId: early.start?.chatId });
    expect(stop.json()).toEqual({ code: 0, msg: 'success', data: { stopped: true } });

    const final = await stream.readAll();
    expect(final.names.slice(-2)).toEqual(['usage', 'done']);
    expect(final.done).toEqual({ answerId: early.start?.answerId, status: 'stopped' });
    expect(final.text).toMatch(/^t0 t1 t2 /);
    expect(final.text.length).toBeLessThan(300 * 4);
    await vi.waitFor(() => expect(fake.requests[0]?.closedEarly).toBe(true));
    expect(await answerOf(visitor)).toMatchObject({ status: 'stopped', content: final.text, error: null });
  });

  it('stops only the caller’s own stream, and says when there was nothing to stop', async () => {
    const owner = await visitorCaller(app);
    const stranger = await visitorCaller(app);
    const stream = await openStream(owner, '/core/chat/completions', { content: 'Count' });
    const chatId = (await stream.readUntil(deltas(1))).start?.chatId;

    expect((await post(app, stranger, '/core/chat/stop', { chatId })).json().data).toEqual({ stopped: false });
    const later = await stream.readUntil(deltas(4));
    expect(later.names).not.toContain('done');

    expect((await post(app, owner, '/core/chat/stop', { chatId })).json().data).toEqual({ stopped: true });
    await stream.readAll();
    expect((await post(app, owner, '/core/chat/stop', { chatId })).json().data).toEqual({ stopped: false });
  });

  it('refuses a second answer in a chat while one is streaming (409 / 10002), then accepts it', async () => {
    const visitor = await visitorCaller(app);
    fake.setScenario({ kind: 'ok', text: 'First answer.' });
    const chatId = readStream((await post(app, visitor, '/core/chat/completions', { content: 'First' })).body).start?.chatId;
    fake.setScenario(slowAnswer);
    const stream = await openStream(visitor, '/core/chat/completions', { chatId, content: 'Second' });
    await stream.readUntil(deltas(1));
    const before = await savedChats(visitor.owner);

    for (const [path, payload] of [
      ['/core/chat/completions', { chatId, content: 'Third' }],
      ['/core/chat/regenerate', { chatId }],
    ] as const) {
      const refused = await post(app, visitor, path, payload);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 10002 });
    }
    expect((await savedChats(visitor.owner)).items).toHaveLength(before.items.length);

    await post(app, visitor, '/core/chat/stop', { chatId });
    await stream.readAll();
    fake.setScenario({ kind: 'ok', text: 'Third answer.' });
    const third = readStream((await post(app, visitor, '/core/chat/completions', { chatId, content: 'Third' })).body);
    expect(third.text).toBe('Third answer.');
  });

  it('stops the offline responder too', async () => {
    const offline = await listening({ LLM_BASE_URL: '', LLM_MODELS: '', OFFLINE_STREAM_DELAY_MS: '50' });
    const visitor = await visitorCaller(offline.app);
    const stream = await openStream(visitor, '/core/chat/completions', { content: '如何查询外汇经纪商的监管牌照？' }, { base: offline.address });
    const early = await stream.readUntil(deltas(2));

    await post(offline.app, visitor, '/core/chat/stop', { chatId: early.start?.chatId });
    const final = await stream.readAll();
    expect(final.done?.status).toBe('stopped');
    expect(await answerOf(visitor)).toMatchObject({ status: 'stopped', content: final.text, model: 'offline' });
  });
});

describe('a client that goes away', () => {
  it('stops the answer and the upstream request once nobody resumed it in time, and saves the partial answer as stopped', async () => {
    const visitor = await visitorCaller(app);
    const controller = new AbortController();
    const stream = await openStream(visitor, '/core/chat/completions', { content: 'Count' }, { signal: controller.signal });
    const seen = await stream.readUntil(deltas(3));

    controller.abort();

    await vi.waitFor(() => expect(fake.requests[0]?.closedEarly).toBe(true), { timeout: 2000 });
    await vi.waitFor(async () => expect((await answerOf(visitor))?.status).toBe('stopped'));
    const answer = await answerOf(visitor);
    expect(answer?.content.startsWith(seen.text)).toBe(true);
    expect(answer?.content).toMatch(/^(t\d+ )+$/);
    expect(answer?.completionTokens).toBeGreaterThan(0);
  });
});

describe('long answers', () => {
  it('are saved while they stream, about every two seconds, each save adding only what came since the last', async () => {
    const visitor = await visitorCaller(app);
    const stream = await openStream(visitor, '/core/chat/completions', { content: 'Count slowly' });
    const chatId = (await stream.readUntil(deltas(1))).start?.chatId as string;
    /** The answer as a reload mid-answer reads it: the chat's messages from the server. */
    const shown = async () => {
      const response = await app.inject({ url: `${visitor.prefix}/core/chat/init?chatId=${chatId}`, headers: visitor.headers });
      return (response.json() as { data: { items: { status: string; content: string }[] } }).data.items.at(-1);
    };

    await new Promise((resolve) => setTimeout(resolve, 2600));
    expect(await shown()).toMatchObject({ status: 'streaming', content: expect.stringMatching(/^t0 t1 t2 (t\d+ )+$/) });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const later = await shown();
    expect(later?.content).toMatch(/^t0 t1 t2 (t\d+ )+$/);
    // two saves or more, each a piece beginning where the last ended; the answer's own row is not rewritten meanwhile
    const db = (await testDatabase()).handle.db;
    const answer = await answerOf(visitor);
    const pieces = await db.select().from(answerParts).where(eq(answerParts.answerId, answer!.id)).orderBy(answerParts.startsAt);
    expect(pieces.length).toBeGreaterThanOrEqual(2);
    expect(pieces.map((piece) => piece.startsAt)).toEqual(pieces.map((_, index) => pieces.slice(0, index).reduce((length, piece) => length + piece.text.length, 0)));
    expect(pieces.map((piece) => piece.text).join('')).toMatch(/^t0 t1 t2 (t\d+ )+$/);
    expect(answer?.content).toBe('');

    await post(app, visitor, '/core/chat/stop', { chatId });
    const final = await stream.readAll();
    expect(await answerOf(visitor)).toMatchObject({ status: 'stopped', content: final.text });
    expect(await db.$count(answerParts, eq(answerParts.answerId, answer!.id))).toBe(0);
  });
});

describe('shutting down', () => {
  it('ends running answers as interrupted, saved as errors that can be regenerated', async () => {
    const closing: { app: FastifyInstance; address: string } = await listening();
    const visitor = await visitorCaller(closing.app);
    const stream = await openStream(visitor, '/core/chat/completions', { content: 'Count' }, { base: closing.address });
    await stream.readUntil(deltas(2));

    const closed = closing.app.close();
    const final = await stream.readAll();
    await closed;

    expect(final.error).toMatchObject({ kind: 'internal', message: 'The answer was interrupted.', retryable: true });
    expect(await answerOf(visitor)).toMatchObject({ status: 'error', error: 'The answer was interrupted.' });
  });
});
