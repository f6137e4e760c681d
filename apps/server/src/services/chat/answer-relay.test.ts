import Fastify from 'fastify';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { cannedReply } from '../../llm/canned-reply.js';
import { ProviderError, type Provider, type ProviderChunk, type StreamParams } from '../../llm/provider.js';
import { SseWriter } from '../../platform/sse-writer.js';
import { relayAnswer, type AnswerSource, type RelayedAnswer, type RelayRequest } from './answer-relay.js';
import type { ChatStreamMetrics } from './chat-metrics.js';

const servers: ReturnType<typeof createServer>[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

const log = Fastify({ logger: false }).log;
const params: StreamParams = { model: 'm', temperature: 1, topP: 1, maxOutputTokens: 100, knowledge: [], question: 'q' };
const citation = { chunkId: 'c1', fileId: 'f1', fileName: 'guide.md', heading: null, page: null, excerpt: 'Spreads…', score: 0.9 };
const start = { chatId: 'chat-1', title: 'Spreads', questionId: 'q-1', answerId: 'a-1', model: 'm' };

/** A provider that yields `chunks`, then throws `failure` if given. */
function scripted(chunks: ProviderChunk[], failure?: Error): Provider {
  return {
    name: 'scripted',
    async *stream(_messages, _params, signal) {
      for (const chunk of chunks) {
        if (signal.aborted) return;
        yield chunk;
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (failure) throw failure;
    },
  };
}

const source = (provider: Provider, citations = [citation]): AnswerSource => ({
  provider,
  messages: [{ role: 'user', content: 'What is a spread?' }],
  params,
  citations,
});

function recordingMetrics() {
  const calls: string[] = [];
  const metrics: ChatStreamMetrics = {
    streamStarted: () => calls.push('started'),
    firstToken: () => calls.push('first token'),
    streamEnded: (status) => calls.push(`ended ${status}`),
    upstreamError: (kind) => calls.push(`upstream ${kind}`),
    contextRetried: () => calls.push('context retried'),
  };
  return { calls, metrics };
}

/** Relays over a real HTTP exchange and answers the events the client read and what `settle` was given. */
async function relay(request: Partial<Omit<RelayRequest, 'writer' | 'context'>> & Pick<RelayRequest, 'compose'>, metrics?: ChatStreamMetrics) {
  let settled: RelayedAnswer | null = null;
  const server = createServer((_req, res: ServerResponse) => {
    void relayAnswer({
      writer: new SseWriter(res, 0),
      signal: new AbortController().signal,
      start,
      kind: 'chat',
      context: { log, metrics: metrics ?? recordingMetrics().metrics, requestId: 'req-1', receivedAt: performance.now() },
      settle: async (answer) => {
        settled = answer;
        return answer.failure;
      },
      maxAnswerChars: 100_000,
      ...request,
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  const body = await response.text();
  const events = body
    .split('\n\n')
    .filter(Boolean)
    .map((frame) => ({ event: /^event: (.+)$/m.exec(frame)?.[1], data: JSON.parse(/^data: (.*)$/m.exec(frame)?.[1] ?? 'null') }));
  return { response, events, settled: settled as RelayedAnswer | null };
}

describe('relayAnswer', () => {
  it('sends start, citations, the text as deltas, usage and done, and settles the answer before its last events', async () => {
    const { calls, metrics } = recordingMetrics();
    const provider = scripted([
      { type: 'delta', text: 'A spread ' },
      { type: 'delta', text: '' },
      { type: 'delta', text: 'is a price gap.' },
      { type: 'usage', promptTokens: 12, completionTokens: 6 },
    ]);
    const { response, events, settled } = await relay({ compose: async () => source(provider) }, metrics);

    expect(response.headers.get('x-request-id')).toBe('req-1');
    expect(events.map((event) => event.event)).toEqual(['start', 'citations', 'delta', 'delta', 'usage', 'done']);
    expect(events[0]?.data).toEqual(start);
    expect(events[1]?.data).toEqual({ citations: [citation] });
    expect(events.filter((event) => event.event === 'delta').map((event) => event.data.text).join('')).toBe('A spread is a price gap.');
    expect(events.at(-2)?.data).toEqual({ promptTokens: 12, completionTokens: 6, model: 'm' });
    expect(events.at(-1)?.data).toEqual({ answerId: 'a-1', status: 'done' });
    expect(settled).toEqual({
      status: 'done',
      content: 'A spread is a price gap.',
      citations: [citation],
      usage: { promptTokens: 12, completionTokens: 6, reasoningTokens: null },
      model: 'm',
      failure: null,
      reasoning: null,
      cutShort: false,
      firstTokenMs: expect.any(Number),
    });
    expect(calls).toEqual(['started', 'first token', 'ended done']);
  });

  it('ends a failing model as an error event after the text it sent, counting its prompt but no output', async () => {
    const { calls, metrics } = recordingMetrics();
    const failure = new ProviderError('stalled', 'The model service stopped sending the answer partway through.');
    const provider = scripted([{ type: 'delta', text: 'Half an answer' }], failure);
    const { events, settled } = await relay({ compose: async () => source(provider) }, metrics);

    expect(events.map((event) => event.event)).toEqual(['start', 'citations', 'delta', 'usage', 'error']);
    expect(events.at(-1)?.data).toEqual({ answerId: 'a-1', kind: 'stalled', message: failure.message, status: null, retryable: true });
    expect(settled?.status).toBe('error');
    expect(settled?.content).toBe('Half an answer');
    expect(settled?.usage.completionTokens).toBe(0);
    expect(settled?.usage.promptTokens).toBeGreaterThan(0);
    expect(calls).toEqual(['started', 'first token', 'upstream stalled', 'ended error']);
  });

  it('names no model for a reply no model wrote (a canned refusal), and counts none of its tokens', async () => {
    const { events, settled } = await relay({ compose: async () => ({ ...source(cannedReply('No reliable source.')), citations: [] }) });
    expect(events.map((event) => event.event).slice(-2)).toEqual(['usage', 'done']);
    expect(events.at(-2)?.data).toEqual({ promptTokens: 0, completionTokens: 0, model: null });
    expect(settled).toMatchObject({ content: 'No reliable source.', model: null, usage: { promptTokens: 0, completionTokens: 0 }, firstTokenMs: null });
  });

  it('reports a failure before the model is asked (retrieval, the prompt) with nothing cited and no prompt tokens', async () => {
    const { events, settled } = await relay({
      compose: async () => {
        throw new Error('retrieval broke');
      },
    });
    expect(events.map((event) => event.event)).toEqual(['start', 'usage', 'error']);
    expect(events.at(-2)?.data).toEqual({ promptTokens: 0, completionTokens: 0, model: 'm' });
    expect(events.at(-1)?.data).toMatchObject({ kind: 'internal', message: 'Something went wrong while answering. Please try again.' });
    expect(settled?.citations).toEqual([]);
  });

  it('keeps what was written when stopped, and says stopped', async () => {
    const controller = new AbortController();
    const endless: Provider = {
      name: 'endless',
      async *stream(_messages, _params, signal) {
        yield { type: 'delta', text: 'So far' };
        controller.abort();
        while (!signal.aborted) yield { type: 'delta', text: ' more' };
      },
    };
    const { events, settled } = await relay({ signal: controller.signal, compose: async () => source(endless, []) });
    expect(events.map((event) => event.event)).toEqual(['start', 'delta', 'usage', 'done']);
    expect(events.at(-1)?.data).toEqual({ answerId: 'a-1', status: 'stopped' });
    expect(settled).toMatchObject({ status: 'stopped', content: 'So far', failure: null });
  });

  it('tells the failure settle answers instead of done (an answer that could not be saved)', async () => {
    const { events } = await relay({
      compose: async () => source(scripted([{ type: 'delta', text: 'Saved?' }]), []),
      settle: async () => ({ kind: 'internal', message: 'The answer could not be saved. Please try again.', status: null }),
    });
    expect(events.at(-1)).toEqual({
      event: 'error',
      data: { answerId: 'a-1', kind: 'internal', message: 'The answer could not be saved. Please try again.', status: null, retryable: true },
    });
  });

  it('names no answer in a preview failure and counts a preview in no chat metric', async () => {
    const { calls, metrics } = recordingMetrics();
    const provider = scripted([], new ProviderError('upstream_http', 'The model service had an error.', { status: 502 }));
    const { events } = await relay({ kind: 'preview', compose: async () => source(provider, []) }, metrics);
    expect(events.at(-1)?.data).toEqual({ answerId: null, kind: 'upstream_http', message: 'The model service had an error.', status: 502, retryable: true });
    expect(calls).toEqual([]);
  });
});
