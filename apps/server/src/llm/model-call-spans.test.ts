import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-node';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeEmbeddingDimensions, startFakeOpenAI } from '../../test/fake-openai/index.js';
import { loadConfig } from '../config.js';
import { createEmbedder } from './embedder.js';
import { traceEmbeddings, traceModelCalls } from './model-call-spans.js';
import { createOpenAIProvider } from './openai-provider.js';
import type { PromptMessage, Provider, ProviderChunk, StreamParams } from './provider.js';

const fake = await startFakeOpenAI();
const exporter = new InMemorySpanExporter();
const tracer = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).getTracer('test');
afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  exporter.reset();
});

const modelService = createOpenAIProvider({ baseUrl: fake.url, apiKey: 'test-key', firstChunkTimeoutMs: 1000, stallTimeoutMs: 300, httpsProxy: '', socksProxy: '' });
const traced = traceModelCalls(modelService, { tracer, endpoint: fake.url });
const params: StreamParams = { model: 'fake-model', temperature: 0.7, topP: 0.9, maxOutputTokens: 256, knowledge: [], question: 'Hello there' };
const messages: PromptMessage[] = [{ role: 'user', content: 'Hello there' }];

async function read(provider: Provider, stopAfter = Infinity): Promise<{ chunks: ProviderChunk[]; failure: unknown }> {
  const chunks: ProviderChunk[] = [];
  try {
    for await (const chunk of provider.stream(messages, params, new AbortController().signal)) {
      chunks.push(chunk);
      if (chunks.length >= stopAfter) break;
    }
    return { chunks, failure: null };
  } catch (failure) {
    return { chunks, failure };
  }
}

function onlySpan(): ReadableSpan {
  const spans = exporter.getFinishedSpans();
  expect(spans).toHaveLength(1);
  return spans[0]!;
}

const durationSeconds = (span: ReadableSpan) => span.duration[0] + span.duration[1] / 1e9;

describe('a model call in a span', () => {
  it('is named after the model and carries the request, the model that answered, the tokens, why it stopped and the time to the first chunk', async () => {
    fake.setScenario({ kind: 'ok', tokens: ['Hello', ' from', ' a model.'], servedModel: 'fake-model-2025-06', firstTokenDelayMs: 50 });
    const { chunks, failure } = await read(traced);
    expect(failure).toBeNull();

    const span = onlySpan();
    expect(span.name).toBe('chat fake-model');
    expect(span.kind).toBe(SpanKind.CLIENT);
    expect(span.status.code).toBe(SpanStatusCode.UNSET);
    expect(span.attributes).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'openai',
      'gen_ai.system': 'openai',
      'gen_ai.request.model': 'fake-model',
      'gen_ai.request.temperature': 0.7,
      'gen_ai.request.top_p': 0.9,
      'gen_ai.request.max_tokens': 256,
      'gen_ai.response.model': 'fake-model-2025-06',
      'gen_ai.response.finish_reasons': ['stop'],
      'gen_ai.usage.output_tokens': 3,
      'server.address': '127.0.0.1',
      'server.port': Number(new URL(fake.url).port),
    });
    expect(span.attributes['gen_ai.usage.input_tokens']).toBe(chunks.find((chunk) => chunk.type === 'usage')?.promptTokens);
    const firstChunk = span.attributes['gen_ai.response.time_to_first_chunk'] as number;
    expect(firstChunk).toBeGreaterThanOrEqual(0.05);
    expect(firstChunk).toBeLessThanOrEqual(durationSeconds(span));
  });

  it('passes the answer on as the provider streams it, and says as much about buffering', async () => {
    fake.setScenario({ kind: 'ok', tokens: ['One', ' two'] });
    const plain = await read(modelService);
    const seen = await read(traced);
    expect(seen).toEqual(plain);
    expect(traced.buffersText).toBe(true);
  });

  it('says an answer cut at the output limit finished for length', async () => {
    fake.setScenario({ kind: 'ok', text: 'This answer goes on and', finishReason: 'length' });
    await read(traced);
    expect(onlySpan().attributes['gen_ai.response.finish_reasons']).toEqual(['length']);
  });

  it('ends as an error, of the kind the provider names, when the service refuses', async () => {
    fake.setScenario({ kind: 'httpError', status: 429, message: 'Slow down' });
    const { failure } = await read(traced);
    expect(failure).toMatchObject({ kind: 'rate_limited' });

    const span = onlySpan();
    expect(span.status.code).toBe(SpanStatusCode.ERROR);
    expect(span.attributes['error.type']).toBe('rate_limited');
    expect(span.events.map((event) => event.name)).toEqual(['exception']);
  });

  it('ends without an error when the reader stops, and the upstream request is closed', async () => {
    fake.setScenario({ kind: 'ok', count: 500, intervalMs: 10 });
    const { chunks } = await read(traced, 2);
    expect(chunks).toHaveLength(2);

    const span = onlySpan();
    expect(span.status.code).toBe(SpanStatusCode.UNSET);
    expect(span.attributes).not.toHaveProperty('gen_ai.response.finish_reasons');
    await vi.waitFor(() => expect(fake.requests[0]?.closedEarly).toBe(true));
  });
});

describe('an embeddings call in a span', () => {
  const config = loadConfig({ LLM_BASE_URL: fake.url, LLM_API_KEY: 'test-key', LLM_MODELS: 'fake-model', EMBEDDING_MODEL: 'fake-embedding' });

  it('is named after the model and says how long the vectors are', async () => {
    const embedder = createEmbedder(config, { traced: (inner, endpoint) => traceEmbeddings(inner, { tracer, endpoint }) })!;
    expect(await embedder.embed(['a passage', 'another'])).toHaveLength(2);

    const span = onlySpan();
    expect(span.name).toBe('embeddings fake-embedding');
    expect(span.kind).toBe(SpanKind.CLIENT);
    expect(span.attributes).toMatchObject({
      'gen_ai.operation.name': 'embeddings',
      'gen_ai.request.model': 'fake-embedding',
      'gen_ai.embeddings.dimension.count': fakeEmbeddingDimensions,
      'server.address': '127.0.0.1',
    });
  });

  it('ends as an error when the service fails', async () => {
    const missing = createEmbedder({ ...config, EMBEDDING_BASE_URL: `${fake.url}/missing` })!;
    await expect(traceEmbeddings(missing, { tracer, endpoint: fake.url }).embed(['a passage'])).rejects.toThrow();

    const span = onlySpan();
    expect(span.status.code).toBe(SpanStatusCode.ERROR);
    expect(span.attributes['error.type']).toEqual(expect.any(String));
  });
});
