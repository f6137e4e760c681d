import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { ModelsOverview, ServiceCheckResult } from '@parley/contracts';
import type { chatItems } from '../src/db/schema/index.js';
import { chat, items, officialApp, type Caller } from './fixtures/chats.js';
import { signedInOperator } from './fixtures/operators.js';
import { fakeEmbeddingDimensions, startFakeOpenAI } from './fake-openai/index.js';
import { buildTestApp, testDatabase } from './helper.js';

const fake = await startFakeOpenAI({ apiKey: 'secret-test-key', models: ['fake-model'] });
afterAll(() => fake.close());

const app = await buildTestApp({
  LLM_BASE_URL: fake.url,
  LLM_API_KEY: 'secret-test-key',
  LLM_MODELS: 'fake-model=32768,other-model',
  LLM_CONTEXT_TOKENS: '8192',
  // long enough that a loaded machine's slow answer is not taken for a timeout, short enough to wait for
  LLM_TIMEOUT_MS: '2000',
  EMBEDDING_MODEL: 'fake-embedding',
  EMBEDDING_TIMEOUT_MS: '2000',
  MODERATION_BASE_URL: 'https://moderator:hunter2@moderation.example.com/v1?api_key=also-secret',
  MODERATION_API_KEY: 'moderation-secret',
});
const offlineApp = await buildTestApp({ LLM_BASE_URL: '', LLM_API_KEY: '', LLM_MODELS: '', EMBEDDING_MODEL: '' });
const db = (await testDatabase()).handle.db;

beforeEach(() => {
  fake.reset();
  fake.setScenario({ kind: 'ok' });
  fake.setEmbeddingsFailure(null);
  fake.setEmbeddingsDelay(0);
});

const operator = await signedInOperator(db);

async function overview(on = app, caller: Caller = operator) {
  const response = await on.inject({ method: 'GET', url: '/api/admin/models', headers: caller.headers });
  return { status: response.statusCode, body: response.body, data: response.json().data as ModelsOverview };
}

async function check(payload: Record<string, unknown>, on = app) {
  const response = await on.inject({ method: 'POST', url: '/api/admin/models/check', headers: operator.headers, payload });
  return { status: response.statusCode, body: response.json() as { code: number; msg: string; data: ServiceCheckResult } };
}

describe('what the model service page shows', () => {
  it('lists the models with their windows, the services’ addresses as operators see them, and never a key', async () => {
    const { status, body, data } = await overview();
    expect(status).toBe(200);
    expect(data.chat).toMatchObject({ provider: 'openai-compatible', baseUrl: `${fake.url}`, apiKeySet: true, defaultModel: 'fake-model', timeoutMs: 2000 });
    expect(data.chat.models.map((model) => [model.name, model.contextTokens])).toEqual([
      ['fake-model', 32768],
      ['other-model', 8192],
    ]);
    expect(data.embedding).toMatchObject({ model: 'fake-embedding', baseUrl: fake.url, apiKeySet: true, timeoutMs: 2000 });
    expect(data.moderation).toMatchObject({ chat: 'input', model: 'omni-moderation-latest', checkImages: false });
    expect(data.moderation.baseUrl).toBe('https://moderation.example.com/v1?api_key=%5Bredacted%5D');
    for (const secret of ['secret-test-key', 'moderation-secret', 'hunter2', 'also-secret']) expect(body).not.toContain(secret);
  });

  it('counts today’s answers of each model and the ones the model service failed, leaving canned replies and refusals out of the failures', async () => {
    const official = await officialApp(app, db);
    const conversation = await chat(db, operator.owner, { appId: official.id });
    const before = await overview();
    const answer = (values: Partial<typeof chatItems.$inferInsert>) => [
      { role: 'user' as const, content: 'q' },
      { role: 'assistant' as const, content: 'a', model: 'fake-model', requestedModel: 'fake-model', status: 'done' as const, ...values },
    ];
    await items(db, conversation.id, [
      ...answer({}),
      ...answer({ status: 'error', errorKind: 'overloaded' }),
      ...answer({ status: 'error', errorKind: 'moderated' }),
      ...answer({ status: 'error', errorKind: 'credentials', requestedModel: 'other-model' }),
      ...answer({ model: null }),
      ...answer({ status: 'streaming' }),
      ...answer({ requestedModel: 'retired-model', model: 'retired-model' }),
    ]);
    const after = await overview();
    const use = (data: ModelsOverview, name: string) => data.chat.models.find((model) => model.name === name)?.today ?? { answers: 0, upstreamErrors: 0 };
    const added = (name: string) => ({
      answers: use(after.data, name).answers - use(before.data, name).answers,
      upstreamErrors: use(after.data, name).upstreamErrors - use(before.data, name).upstreamErrors,
    });
    expect(added('fake-model')).toEqual({ answers: 3, upstreamErrors: 1 });
    expect(added('other-model')).toEqual({ answers: 1, upstreamErrors: 1 });
    expect(after.data.chat.otherModelsToday).toContainEqual({ name: 'retired-model', today: { answers: 1, upstreamErrors: 0 } });
  });

  it('says there is no model service in offline mode', async () => {
    const { data } = await overview(offlineApp);
    expect(data.chat).toMatchObject({ provider: 'offline', baseUrl: null, apiKeySet: false, defaultModel: 'offline' });
    expect(data.chat.models.map((model) => model.name)).toEqual(['offline']);
    expect(data.embedding).toMatchObject({ model: null, baseUrl: null });
  });
});

describe('the live check', () => {
  it('asks the model service something tiny and says how long it took', async () => {
    const { status, body } = await check({ service: 'model' });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ service: 'model', state: 'ok', model: 'fake-model', failure: null });
    expect(body.data.ms).toBeGreaterThanOrEqual(0);
    expect(fake.requests.at(-1)?.body).toMatchObject({ model: 'fake-model', stream: true });
  });

  it('asks the model the operator picked', async () => {
    const { body } = await check({ service: 'model', model: 'other-model' });
    expect(body.data).toMatchObject({ state: 'ok', model: 'other-model' });
    expect(fake.requests.at(-1)?.body.model).toBe('other-model');
  });

  it('says why the model service failed: its status and the kind of failure', async () => {
    fake.setScenario({ kind: 'httpError', status: 503 });
    expect((await check({ service: 'model' })).body.data).toMatchObject({ state: 'failed', ms: null, failure: { kind: 'overloaded', status: 503 } });
    fake.setScenario({ kind: 'httpError', status: 401 });
    expect((await check({ service: 'model' })).body.data).toMatchObject({ state: 'failed', failure: { kind: 'credentials', status: 401 } });
  });

  it('gives up on a model service that does not answer in time', async () => {
    fake.setScenario({ kind: 'slowHeaders', delayMs: 8000 });
    const started = Date.now();
    const { body } = await check({ service: 'model' });
    expect(body.data).toMatchObject({ state: 'failed', failure: { kind: 'timeout' } });
    expect(Date.now() - started).toBeLessThan(6000);
  });

  it('asks the embedding service for one vector', async () => {
    const { body } = await check({ service: 'embedding' });
    expect(body.data).toMatchObject({ service: 'embedding', state: 'ok', model: 'fake-embedding', dimensions: fakeEmbeddingDimensions, failure: null });
    expect(fake.embeddingRequests.at(-1)).toMatchObject({ model: 'fake-embedding', input: ['Parley service check'] });
  });

  it('says why the embedding service failed, or that it did not answer in time', async () => {
    fake.setEmbeddingsFailure(500);
    expect((await check({ service: 'embedding' })).body.data).toMatchObject({ state: 'failed', failure: { kind: 'overloaded', status: 500 } });
    fake.setEmbeddingsFailure(null);
    fake.setEmbeddingsDelay(8000);
    const started = Date.now();
    expect((await check({ service: 'embedding' })).body.data).toMatchObject({ state: 'failed', failure: { kind: 'timeout', status: null } });
    expect(Date.now() - started).toBeLessThan(6000);
  });

  it('says there is nothing to ask when no model service or embedding model is set up', async () => {
    expect((await check({ service: 'model' }, offlineApp)).body.data).toMatchObject({ state: 'not_configured', model: null });
    expect((await check({ service: 'embedding' }, offlineApp)).body.data).toMatchObject({ state: 'not_configured', model: null });
  });

  it('refuses a service or a model it does not know, naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ service: 'printer' }, 'service'],
      [{}, 'service'],
      [{ service: 'model', model: 'gpt-unknown' }, 'model'],
      [{ service: 'model', model: '' }, 'model'],
    ];
    for (const [payload, field] of cases) {
      const { status, body } = await check(payload);
      expect({ payload, status, code: body.code }).toEqual({ payload, status: 400, code: 400 });
      expect(body.msg).toContain(field);
      expect(JSON.stringify(body.data)).toContain(`"path":"${field}"`);
    }
    expect(fake.requests).toHaveLength(0);
  });
});
