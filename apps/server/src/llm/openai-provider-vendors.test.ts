import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI } from '../../test/fake-openai/index.js';
import type { Vendor, VendorFailure } from '../../test/fake-openai/vendor-shapes.js';
import { maxLineChars } from './completion-body.js';
import { createOpenAIProvider } from './openai-provider.js';
import { ProviderError, type ProviderChunk, type StreamParams } from './provider.js';

const fake = await startFakeOpenAI();
afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  fake.setScenario({ kind: 'ok' });
});

const provider = createOpenAIProvider({ baseUrl: fake.url, apiKey: '', firstChunkTimeoutMs: 1000, stallTimeoutMs: 500, httpsProxy: '', socksProxy: '' });
const params: StreamParams = { model: 'fake-model', temperature: 0.7, topP: 0.9, maxOutputTokens: 256, knowledge: [], question: 'Hi' };

async function collect() {
  const chunks: ProviderChunk[] = [];
  let failure: ProviderError | null = null;
  try {
    for await (const chunk of provider.stream([{ role: 'user', content: 'Hi' }], params, new AbortController().signal)) chunks.push(chunk);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    failure = error;
  }
  const of = (type: 'delta' | 'reasoning') => chunks.map((chunk) => (chunk.type === type ? chunk.text : '')).join('');
  return { chunks, failure, text: of('delta'), reasoning: of('reasoning') };
}

const vendors: Vendor[] = ['openai', 'deepseek', 'dashscope', 'vllm', 'vllm-legacy', 'llamacpp', 'ollama', 'openrouter'];
const expected: Record<VendorFailure, string> = {
  auth: 'credentials',
  credit: 'credentials',
  model: 'model_missing',
  context: 'context_too_long',
  rateLimit: 'rate_limited',
  overloaded: 'overloaded',
};

describe("each vendor's refusals, as that vendor sends them", () => {
  for (const vendor of vendors) {
    it(`reads ${vendor}'s refusals by what a user can do about them, keeping its words for the operator`, async () => {
      const billed = vendor === 'openai' || vendor === 'deepseek' || vendor === 'dashscope' || vendor === 'openrouter';
      const failures: VendorFailure[] = ['auth', 'model', 'context', 'rateLimit', 'overloaded', ...(billed ? (['credit'] as const) : [])];
      for (const failure of failures) {
        fake.setScenario({ kind: 'vendorError', vendor, failure });
        const { failure: error } = await collect();
        expect([failure, error?.kind]).toEqual([failure, expected[failure]]);
        expect(error?.upstreamMessage).toMatch(/\w/);
      }
    });
  }

  it('says when to ask again when the service does (OpenAI, OpenRouter)', async () => {
    fake.setScenario({ kind: 'vendorError', vendor: 'openai', failure: 'rateLimit' });
    expect((await collect()).failure?.retryAfterSeconds).toBe(20);
    fake.setScenario({ kind: 'vendorError', vendor: 'openrouter', failure: 'rateLimit' });
    expect((await collect()).failure?.retryAfterSeconds).toBe(7);
  });

  it("reads an error that arrives mid-answer (OpenRouter's shape) by its code, after the text before it", async () => {
    const chunk = (delta: object, finish: string | null = null) => `data: ${JSON.stringify({ object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}`;
    fake.setScenario({
      kind: 'frames',
      frames: [
        chunk({ role: 'assistant', content: 'Part of ' }),
        `data: ${JSON.stringify({ object: 'chat.completion.chunk', error: { code: 502, message: 'Provider disconnected' }, choices: [{ index: 0, delta: { content: '' }, finish_reason: 'error' }] })}`,
      ],
    });
    const { text, failure } = await collect();
    expect(text).toBe('Part of ');
    expect(failure).toMatchObject({ kind: 'overloaded', status: 502, upstreamMessage: 'Provider disconnected' });
  });
});

describe('thinking, as reasoning models stream it', () => {
  it.each(['reasoning_content', 'reasoning', 'think'] as const)('comes apart from the answer when sent as %s, and its tokens are reported', async (reasoningAs) => {
    fake.setScenario({ kind: 'ok', reasoning: 'The user greets me. I greet back.', reasoningAs, text: 'Hello!' });
    const { text, reasoning, chunks } = await collect();
    expect(reasoning).toBe('The user greets me. I greet back.');
    expect(text).toBe('Hello!');
    // the thinking comes before the first word of the answer
    expect(chunks.findIndex((chunk) => chunk.type === 'reasoning')).toBeLessThan(chunks.findIndex((chunk) => chunk.type === 'delta'));
    expect(chunks.find((chunk) => chunk.type === 'usage')).toMatchObject({ reasoningTokens: reasoningAs === 'think' ? null : 7 });
  });
});

describe('how an answer ends', () => {
  it('says why the model stopped: length for an answer cut short at the output limit', async () => {
    fake.setScenario({ kind: 'ok', text: 'This answer goes on and', finishReason: 'length' });
    const { chunks, failure } = await collect();
    expect(failure).toBeNull();
    expect(chunks.filter((chunk) => chunk.type === 'finish')).toEqual([{ type: 'finish', reason: 'length' }]);
  });

  it('says stop for an answer the model ended itself', async () => {
    fake.setScenario({ kind: 'ok', text: 'A whole answer.' });
    const { chunks } = await collect();
    expect(chunks.filter((chunk) => chunk.type === 'finish')).toEqual([{ type: 'finish', reason: 'stop' }]);
  });

  it('ends the answer, keeping the text so far, when one line of the stream passes 1 MB', async () => {
    const chunk = (content: string) => `data: ${JSON.stringify({ object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}`;
    fake.setScenario({ kind: 'frames', frames: [chunk('Before. '), chunk('x'.repeat(maxLineChars + 10))] });
    const { text, failure } = await collect();
    expect(text.length).toBe('Before. '.length);
    expect(failure).toMatchObject({ kind: 'answer_too_long' });
    expect(failure?.message).toContain('1 MB');
  });
});
