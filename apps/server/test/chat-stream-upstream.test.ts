import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { usageLedger } from '../src/db/schema/index.js';
import { createAgent, post, readStream, savedChats, userCaller, visitorCaller } from './chat-stream-helpers.js';
import { startFakeOpenAI, type FakeScenario } from './fake-openai/index.js';
import { buildTestApp, readMetrics, testDatabase } from './helper.js';

const fake = await startFakeOpenAI({ apiKey: 'test-key', models: ['fake-model'] });
afterAll(() => fake.close());

const modelConfig = {
  LLM_BASE_URL: fake.url,
  LLM_API_KEY: 'test-key',
  LLM_MODELS: 'fake-model,other-model',
  LLM_TIMEOUT_MS: '1000',
  LLM_STALL_TIMEOUT_MS: '500',
  LLM_MAX_OUTPUT_TOKENS: '300',
};
const app = await buildTestApp(modelConfig);
const completions = '/core/chat/completions';

beforeEach(() => {
  fake.reset();
  fake.setScenario({ kind: 'ok' });
});

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const lastRequest = () => fake.requests.at(-1)?.body;

describe('answers from the model service', () => {
  it('relays the model’s answer as deltas with the usage the service reports', async () => {
    fake.setScenario({ kind: 'ok', text: 'A spread is the gap between bid and ask.' });
    const visitor = await visitorCaller(app);
    const stream = readStream((await post(app, visitor, completions, { content: 'What is a spread?' })).body);

    expect(stream.start?.model).toBe('fake-model');
    expect(stream.text).toBe('A spread is the gap between bid and ask.');
    expect(stream.usage?.completionTokens).toBe(9);
    expect(stream.done?.status).toBe('done');
    const [, answer] = (await savedChats(visitor.owner)).items;
    expect(answer).toMatchObject({ status: 'done', content: stream.text, model: 'fake-model', completionTokens: 9 });
    expect(lastRequest()).toMatchObject({ model: 'fake-model', stream: true, max_tokens: 300 });
    const metrics = await readMetrics(app);
    expect(metrics).toMatch(/chat_time_to_first_token_seconds_count [1-9]/);
    expect(metrics).toMatch(/chat_streams_total\{status="done"\} [1-9]/);
  });

  it('names the model the service says wrote the answer, keeps the one asked beside it, and counts usage under the one asked', async () => {
    // a router (OpenRouter, a vLLM alias, Ollama's tag) answers under a name of its own
    fake.setScenario({ kind: 'ok', text: 'Routed.', servedModel: 'fake-model-2025-06' });
    const visitor = await visitorCaller(app);
    const stream = readStream((await post(app, visitor, completions, { content: 'Who answers?' })).body);

    expect(stream.start?.model).toBe('fake-model');
    expect(stream.usage?.model).toBe('fake-model-2025-06');
    const [, answer] = (await savedChats(visitor.owner)).items;
    expect(answer).toMatchObject({ status: 'done', model: 'fake-model-2025-06', requestedModel: 'fake-model' });
    const items = await app.inject({ url: `/api/visitor/core/chat/items?chatId=${stream.start!.chatId}`, headers: visitor.headers });
    expect(items.json().data.items.at(-1)).toMatchObject({ model: 'fake-model-2025-06', requestedModel: 'fake-model' });
    const db = (await testDatabase()).handle.db;
    const rows = await db.select().from(usageLedger).where(eq(usageLedger.visitorId, visitor.owner.visitorId as string));
    expect(rows.map((row) => row.model)).toEqual(['fake-model']);
  });

  it('saves the question before the model is called', async () => {
    fake.setScenario({ kind: 'slowHeaders', delayMs: 400, text: 'late' });
    const visitor = await visitorCaller(app);
    const pending = post(app, visitor, completions, { content: 'Are you there?' });
    while (fake.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));

    const { items } = await savedChats(visitor.owner);
    expect(items.map((item) => [item.role, item.content, item.status])).toEqual([
      ['user', 'Are you there?', 'done'],
      ['assistant', '', 'streaming'],
    ]);
    expect(readStream((await pending).body).text).toBe('late');
  });

  it('puts the FAQ passages it found in the system message and cites them', async () => {
    fake.setScenario({ kind: 'ok', text: 'Check the register [1].' });
    const stream = readStream((await post(app, await visitorCaller(app), completions, { content: '如何查询外汇经纪商的监管牌照？' })).body);

    expect(stream.names.slice(0, 2)).toEqual(['start', 'citations']);
    expect(stream.citations[0]).toMatchObject({ fileName: 'FAQ', heading: '如何查询外汇经纪商的监管牌照？' });
    const system = lastRequest()?.messages?.[0];
    expect(system?.role).toBe('system');
    expect(system?.content).toContain('[1] FAQ — 如何查询外汇经纪商的监管牌照？');
    expect(system?.content).toContain('Cite the sources you use');
  });

  it("sends the official assistant the user's system message, temperature and top_p", async () => {
    await post(app, await visitorCaller(app), completions, {
      content: 'hi',
      params: { systemMessage: 'Answer in one sentence.', temperature: 0.2, top_p: 0.5 },
    });
    const body = lastRequest();
    expect(body?.messages?.[0]?.content).toMatch(/^Answer in one sentence\.\n\nYou are 智能客服/);
    expect(body).toMatchObject({ temperature: 0.2, top_p: 0.5 });
  });

  it("sends an agent's own system prompt, temperature, top_p and model, whatever the user's settings", async () => {
    const owner = await userCaller();
    const agent = await createAgent(owner.owner.userId as string, {
      systemPrompt: 'You are a pirate. Answer like one.',
      temperature: 1.5,
      topP: 0.25,
      model: 'other-model',
    });
    await post(app, await visitorCaller(app), completions, {
      appId: agent.id,
      content: 'hi',
      params: { systemMessage: 'Be boring.', temperature: 0, top_p: 1 },
    });
    expect(lastRequest()).toMatchObject({
      model: 'other-model',
      temperature: 1.5,
      top_p: 0.25,
      messages: [
        { role: 'system', content: 'You are a pirate. Answer like one.' },
        { role: 'user', content: 'hi' },
      ],
    });
  });

  it("sends the user's temperature and top_p to an agent that does not fix its own", async () => {
    const owner = await userCaller();
    const agent = await createAgent(owner.owner.userId as string, { systemPrompt: 'You are a pirate.', temperature: null, topP: null });
    await post(app, await visitorCaller(app), completions, {
      appId: agent.id,
      content: 'hi',
      params: { systemMessage: 'Be boring.', temperature: 0.3, top_p: 0.6 },
    });
    expect(lastRequest()).toMatchObject({ temperature: 0.3, top_p: 0.6, messages: [{ role: 'system', content: 'You are a pirate.' }, { role: 'user', content: 'hi' }] });
    await post(app, await visitorCaller(app), completions, { appId: agent.id, content: 'hi' });
    expect(lastRequest()).toMatchObject({ temperature: 0.8, top_p: 1 });
  });

  it('sends earlier turns with context on, and only the question with it off', async () => {
    const visitor = await visitorCaller(app);
    fake.setScenario({ kind: 'ok', text: 'Paris.' });
    const chatId = readStream((await post(app, visitor, completions, { content: 'Capital of France?' })).body).start?.chatId;
    fake.setScenario({ kind: 'echo', format: 'transcript' });

    await post(app, visitor, completions, { chatId, content: 'And of Italy?' });
    expect(lastRequest()?.messages?.slice(1)).toEqual([
      { role: 'user', content: 'Capital of France?' },
      { role: 'assistant', content: 'Paris.' },
      { role: 'user', content: 'And of Italy?' },
    ]);

    await post(app, visitor, completions, { chatId, content: 'And of Spain?', usingContext: false });
    expect(lastRequest()?.messages?.map((message) => message.role)).toEqual(['system', 'user']);
    expect(lastRequest()?.messages?.[1]).toEqual({ role: 'user', content: 'And of Spain?' });
  });
});

describe('when the model service fails', () => {
  // the text that came before the failure is kept; a cut socket may lose its last chunk
  const cases: [string, FakeScenario, string, number | null, RegExp][] = [
    ['refuses the API key', { kind: 'httpError', status: 401 }, 'credentials', 401, /^$/],
    ['is rate limited', { kind: 'httpError', status: 429 }, 'rate_limited', 429, /^$/],
    ['has an internal error', { kind: 'httpError', status: 500 }, 'overloaded', 500, /^$/],
    ['sends no headers in time', { kind: 'slowHeaders', delayMs: 3000 }, 'timeout', null, /^$/],
    ['stalls mid-answer', { kind: 'stallAfter', tokens: 2 }, 'stalled', null, /^t0 t1 $/],
    ['sends garbage', { kind: 'garbage' }, 'malformed', null, /^$/],
    ['cuts the connection mid-answer', { kind: 'cutAfter', tokens: 3, intervalMs: 20 }, 'unreachable', null, /^t0 t1 (t2 )?$/],
  ];

  it.each(cases)('keeps the question and ends with an error event when it %s', async (_label, scenario, kind, status, partial) => {
    fake.setScenario(scenario);
    const visitor = await visitorCaller(app);
    const response = await post(app, visitor, completions, { content: 'Will this work?' });

    expect(response.statusCode).toBe(200);
    const stream = readStream(response.body);
    expect(stream.names.at(-1)).toBe('error');
    expect(stream.names).not.toContain('done');
    expect(stream.text).toMatch(partial);
    expect(stream.error).toMatchObject({ answerId: stream.start?.answerId, kind, status, retryable: true });
    expect(stream.error?.message).toMatch(/\w/);

    const { items } = await savedChats(visitor.owner);
    expect(items).toEqual([
      expect.objectContaining({ role: 'user', content: 'Will this work?', status: 'done' }),
      expect.objectContaining({ role: 'assistant', status: 'error', error: stream.error?.message, errorKind: kind, content: stream.text, completionTokens: 0 }),
    ]);
    const metrics = await readMetrics(app);
    expect(metrics).toMatch(new RegExp(`chat_upstream_errors_total\\{kind="${kind}"\\} [1-9]`));
  });

  it('says the service could not be reached when nothing listens at its address', async () => {
    const unreachable = await buildTestApp({ ...modelConfig, LLM_BASE_URL: `http://127.0.0.1:${await closedPort()}/v1` });
    const visitor = await visitorCaller(unreachable);
    const stream = readStream((await post(unreachable, visitor, completions, { content: 'Anyone?' })).body);

    expect(stream.error).toMatchObject({ kind: 'unreachable', status: null, retryable: true });
    const { items } = await savedChats(visitor.owner);
    expect(items.map((item) => [item.role, item.status])).toEqual([
      ['user', 'done'],
      ['assistant', 'error'],
    ]);
  });

  it('counts the failed question in the usage ledger and the stream metrics', async () => {
    fake.setScenario({ kind: 'httpError', status: 500 });
    const visitor = await visitorCaller(app);
    await post(app, visitor, completions, { content: 'Count me' });
    const db = (await testDatabase()).handle.db;
    const rows = await db.select().from(usageLedger).where(eq(usageLedger.visitorId, visitor.owner.visitorId as string));
    expect(rows).toEqual([expect.objectContaining({ model: 'fake-model', messages: 1, completionTokens: 0 })]);
    const metrics = await readMetrics(app);
    expect(metrics).toMatch(/chat_streams_total\{status="error"\} [1-9]/);
    expect(metrics).toContain('chat_streams_in_flight 0');
  });
});
