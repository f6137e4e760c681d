import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFakeOpenAI } from '../../test/fake-openai/index.js';
import { createOpenAIProvider, type OpenAIProviderOptions } from './openai-provider.js';
import { ProviderError, type PromptMessage, type Provider, type ProviderChunk, type StreamParams } from './provider.js';

const fake = await startFakeOpenAI();
afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  fake.setScenario({ kind: 'ok' });
});

function provider(overrides: Partial<OpenAIProviderOptions> = {}): Provider {
  return createOpenAIProvider({
    baseUrl: fake.url,
    apiKey: 'test-key',
    firstChunkTimeoutMs: 1000,
    stallTimeoutMs: 300,
    httpsProxy: '',
    socksProxy: '',
    ...overrides,
  });
}

const params: StreamParams = {
  model: 'fake-model',
  temperature: 0.7,
  topP: 0.9,
  maxOutputTokens: 256,
  knowledge: [],
  question: 'Hello there',
};
const messages: PromptMessage[] = [
  { role: 'system', content: 'Be brief.' },
  { role: 'user', content: 'Hello there' },
];

async function collect(target: Provider, signal = new AbortController().signal) {
  const chunks: ProviderChunk[] = [];
  for await (const chunk of target.stream(messages, params, signal)) chunks.push(chunk);
  return chunks;
}

async function failureOf(target: Provider): Promise<ProviderError> {
  const error = await collect(target).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

const textOf = (chunks: ProviderChunk[]) => chunks.map((chunk) => (chunk.type === 'delta' ? chunk.text : '')).join('');

describe('the OpenAI-compatible provider', () => {
  it('streams the answer as deltas, then the usage once', async () => {
    fake.setScenario({ kind: 'ok', tokens: ['Hel', '', 'lo', ' world'] });

    const chunks = await collect(provider());

    // tokens that arrive in one read come as one delta; none is empty
    expect(textOf(chunks)).toBe('Hello world');
    expect(chunks.filter((chunk) => chunk.type === 'delta' && chunk.text === '')).toEqual([]);
    expect(chunks.filter((chunk) => chunk.type === 'usage')).toEqual([
      { type: 'usage', promptTokens: expect.any(Number), completionTokens: 4, reasoningTokens: null },
    ]);
    expect(chunks.at(-1)?.type).toBe('usage');
  });

  it('tells which model the service says wrote the answer, before the usage', async () => {
    fake.setScenario({ kind: 'ok', text: 'Hi.', servedModel: 'fake-model-2025-06' });

    const chunks = await collect(provider());

    expect(chunks.slice(-2)).toEqual([{ type: 'model', name: 'fake-model-2025-06' }, expect.objectContaining({ type: 'usage' })]);
  });

  it('hands tokens over one by one when they arrive apart', async () => {
    fake.setScenario({ kind: 'ok', tokens: ['Hel', 'lo', ' world'], intervalMs: 40 });

    const chunks = await collect(provider());

    expect(chunks.filter((chunk) => chunk.type === 'delta')).toEqual([
      { type: 'delta', text: 'Hel' },
      { type: 'delta', text: 'lo' },
      { type: 'delta', text: ' world' },
    ]);
  });

  it('keeps reading while the reader holds a chunk, and hands what came meanwhile over in one piece', async () => {
    fake.setScenario({ kind: 'ok', tokens: ['Hel', 'lo', ' wor', 'ld'], intervalMs: 20 });
    const deltas: string[] = [];

    for await (const chunk of provider().stream(messages, params, new AbortController().signal)) {
      if (chunk.type !== 'delta') continue;
      deltas.push(chunk.text);
      // the first token is held while the other three arrive
      if (deltas.length === 1) await sleep(250);
    }

    expect(deltas).toEqual(['Hel', 'lo world']);
  });

  it('sends the prompt and parameters as a streamed chat completion with the API key', async () => {
    fake.setScenario({ kind: 'echo' });

    expect(textOf(await collect(provider()))).toBe('echo: Hello there');
    const [request] = fake.requests;
    expect(request?.body).toMatchObject({
      model: 'fake-model',
      messages,
      stream: true,
      stream_options: { include_usage: true },
      temperature: 0.7,
      top_p: 0.9,
      max_tokens: 256,
    });
    expect(request?.headers.authorization).toBe('Bearer test-key');
  });

  it('sends no Authorization header when no API key is configured (local servers)', async () => {
    await collect(provider({ apiKey: '' }));

    expect(fake.requests[0]?.headers.authorization).toBeUndefined();
  });

  it.each([
    [401, 'credentials', 'API key'],
    [403, 'credentials', 'API key'],
    [402, 'credentials', 'no credit'],
    [404, 'model_missing', 'not available'],
    [429, 'rate_limited', 'too many requests'],
    [400, 'upstream_http', 'refused'],
    [500, 'overloaded', 'overloaded or down'],
    [503, 'overloaded', 'overloaded or down'],
  ] as const)('turns HTTP %i into a %s error a user can act on, without retrying, keeping what the service said for the log', async (status, kind, words) => {
    fake.setScenario({ kind: 'httpError', status, message: 'upstream details' });

    const error = await failureOf(provider());

    expect(error).toMatchObject({ kind, status, upstreamMessage: 'upstream details' });
    expect(error.message).toContain(words);
    expect(error.message).not.toContain('upstream details');
    expect(fake.requests).toHaveLength(1);
  });

  it('says the service could not be reached when nothing listens at the address', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as { port: number };
    await new Promise((resolve) => closed.close(resolve));

    const error = await failureOf(provider({ baseUrl: `http://127.0.0.1:${port}/v1` }));

    expect(error).toMatchObject({ kind: 'unreachable', status: null });
    expect(error.message).toContain('could not be reached');
  });

  it('asks once more when the connection closes before any answer, as a stale keep-alive socket does', async () => {
    fake.setScenario({ kind: 'dropConnection', times: 1 });

    expect(textOf(await collect(provider()))).toBe('Hello from the fake model.');
    expect(fake.requests).toHaveLength(2);
  });

  it('gives up as unreachable when the retried connection closes too', async () => {
    fake.setScenario({ kind: 'dropConnection' });

    const error = await failureOf(provider());

    expect(error.kind).toBe('unreachable');
    expect(fake.requests).toHaveLength(2);
  });

  it('says the service could not be reached when its host name does not resolve', async () => {
    const error = await failureOf(provider({ baseUrl: 'http://model-service.invalid/v1' }));

    expect(error).toMatchObject({ kind: 'unreachable' });
  });

  it('times out when the response headers do not come in time, and drops the request', async () => {
    fake.setScenario({ kind: 'slowHeaders', delayMs: 3000 });
    const started = performance.now();

    const error = await failureOf(provider({ firstChunkTimeoutMs: 200 }));

    expect(error.kind).toBe('timeout');
    expect(performance.now() - started).toBeLessThan(1500);
    await vi.waitFor(() => expect(fake.abortedRequests).toBe(1));
  });

  it('times out when headers arrive but the first chunk does not', async () => {
    fake.setScenario({ kind: 'stallAfter', tokens: 0 });

    const error = await failureOf(provider({ firstChunkTimeoutMs: 200 }));

    expect(error.kind).toBe('timeout');
    await vi.waitFor(() => expect(fake.abortedRequests).toBe(1));
  });

  it('reports a stall when chunks stop after the answer started, after passing on what came', async () => {
    fake.setScenario({ kind: 'stallAfter', tokens: 3 });
    const received: string[] = [];

    const error = await (async () => {
      for await (const chunk of provider({ stallTimeoutMs: 200 }).stream(messages, params, new AbortController().signal)) {
        if (chunk.type === 'delta') received.push(chunk.text);
      }
    })().catch((thrown: unknown) => thrown as ProviderError);

    expect(received.join('')).toBe('t0 t1 t2 ');
    expect(error).toMatchObject({ kind: 'stalled' });
    await vi.waitFor(() => expect(fake.abortedRequests).toBe(1));
  });

  it('does not count a slow reader as a stall', async () => {
    fake.setScenario({ kind: 'ok', count: 3 });
    const chunks: ProviderChunk[] = [];

    for await (const chunk of provider({ stallTimeoutMs: 100 }).stream(messages, params, new AbortController().signal)) {
      chunks.push(chunk);
      await sleep(150);
    }

    expect(textOf(chunks)).toBe('t0 t1 t2 ');
  });

  it('says the connection broke off when the stream is cut before [DONE]', async () => {
    fake.setScenario({ kind: 'cutAfter', tokens: 2 });

    const error = await failureOf(provider());

    expect(error.kind).toBe('unreachable');
    expect(error.message).toContain('broke off mid-answer');
  });

  it.each([
    ['data lines that are not JSON', ['this is not json']],
    ['JSON that is not a chunk', ['{"object":"something.else","choices":"none"}']],
    ['a choice without a usable delta', ['{"choices":[{"index":0,"delta":{"content":42}}]}']],
    ['no chunk at all', []],
  ])('calls a stream with %s malformed', async (_label, lines) => {
    fake.setScenario({ kind: 'garbage', lines });

    const error = await failureOf(provider());

    expect(error.kind).toBe('malformed');
    expect(error.message).toContain('could not be read');
  });

  it('reads past what is not part of the answer: comments, pings, named events and tool-call deltas', async () => {
    const chunk = (delta: object, finish: string | null = null) => `data: ${JSON.stringify({ object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}`;
    fake.setScenario({
      kind: 'frames',
      frames: [
        // OpenRouter's notice while a model warms up
        ': OPENROUTER PROCESSING',
        'data: {"object":"ping"}',
        chunk({ role: 'assistant', content: '' }),
        chunk({ content: 'Spreads ' }),
        'event: ping\ndata: ping',
        ': keep-alive',
        chunk({ content: null, tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'lookup', arguments: '' } }] }),
        chunk({ content: 'vary.' }),
        'data: {}',
        chunk({}, 'stop'),
        // DashScope and vLLM send the usage in a chunk of its own, with no choices or an empty list
        'data: {"usage":{"prompt_tokens":12,"completion_tokens":3,"total_tokens":15}}',
      ],
    });

    const chunks = await collect(provider());

    expect(textOf(chunks)).toBe('Spreads vary.');
    expect(chunks.at(-1)).toEqual({ type: 'usage', promptTokens: 12, completionTokens: 3, reasoningTokens: null });
  });

  it('calls a stream of nothing but pings malformed: no answer came in it', async () => {
    fake.setScenario({ kind: 'frames', frames: ['data: {"object":"ping"}', 'event: ping\ndata: {}'] });

    const error = await failureOf(provider());

    expect(error.kind).toBe('malformed');
    expect(error.message).toContain('could not be read');
  });

  it('passes on an error the service sends inside the stream', async () => {
    fake.setScenario({ kind: 'garbage', lines: ['{"error":{"message":"overloaded","type":"server_error"}}'] });

    const error = await failureOf(provider());

    expect(error).toMatchObject({ kind: 'upstream_http', status: null });
  });
});

describe('stopping an answer', () => {
  it('ends the stream quietly and closes the upstream request when the signal aborts', async () => {
    fake.setScenario({ kind: 'ok', count: 500, intervalMs: 10 });
    const controller = new AbortController();
    const chunks: ProviderChunk[] = [];

    for await (const chunk of provider().stream(messages, params, controller.signal)) {
      chunks.push(chunk);
      if (chunks.length === 2) controller.abort();
    }

    expect(chunks).toHaveLength(2);
    await vi.waitFor(() => expect(fake.requests[0]?.closedEarly).toBe(true));
    expect(fake.requests[0]?.finished).toBe(false);
  });

  it('ends quietly when stopped before the service answered', async () => {
    fake.setScenario({ kind: 'slowHeaders', delayMs: 3000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);

    expect(await collect(provider(), controller.signal)).toEqual([]);
    await vi.waitFor(() => expect(fake.abortedRequests).toBe(1));
  });

  it('closes the upstream request when the reader stops early', async () => {
    fake.setScenario({ kind: 'ok', count: 500, intervalMs: 10 });

    for await (const chunk of provider().stream(messages, params, new AbortController().signal)) {
      if (chunk.type === 'delta') break;
    }

    await vi.waitFor(() => expect(fake.requests[0]?.closedEarly).toBe(true));
  });
});
