import { describe, expect, it } from 'vitest';
import { vendorError, type Vendor } from '../../test/fake-openai/vendor-shapes.js';
import { contextOverflowOf, readUpstreamError, retryAfterSeconds } from './vendor-errors.js';

const figures = { limit: 1024, promptTokens: 1500, completionTokens: 256 };
const refusal = (vendor: Vendor) => readUpstreamError(JSON.stringify(vendorError(vendor, 'context', figures).body));

describe('reading an upstream error body', () => {
  it("reads OpenAI's shape, vLLM's older top-level one, Ollama's bare string and a proxy's HTML page alike", () => {
    expect(readUpstreamError('{"error":{"message":"Bad key","type":"invalid_request_error","code":"invalid_api_key"}}')).toEqual({
      message: 'Bad key',
      type: 'invalid_request_error',
      code: 'invalid_api_key',
    });
    expect(readUpstreamError('{"object":"error","message":"too long","type":"BadRequestError","param":null,"code":400}')).toEqual({
      message: 'too long',
      type: 'BadRequestError',
      code: 400,
    });
    expect(readUpstreamError('{"error":"model \\"x\\" not found"}')).toEqual({ message: 'model "x" not found', type: null, code: null });
    expect(readUpstreamError('<html><body><h1>502 Bad Gateway</h1>nginx</body></html>').message).toBe('502 Bad Gateway nginx');
  });

  it("keeps llama.cpp's prompt and window sizes", () => {
    expect(refusal('llamacpp')).toMatchObject({ type: 'exceed_context_size_error', n_prompt_tokens: 1500, n_ctx: 1024 });
  });
});

describe('recognising a context-length refusal', () => {
  it.each([
    ['openai', { limit: 1024, promptTokens: 1500, overBy: null }],
    ['deepseek', { limit: 1024, promptTokens: 1500, overBy: null }],
    ['vllm', { limit: 1024, promptTokens: 1500, overBy: null }],
    ['vllm-legacy', { limit: 1024, promptTokens: 1500, overBy: null }],
    ['llamacpp', { limit: 1024, promptTokens: 1500, overBy: null }],
    ['ollama', { limit: null, promptTokens: null, overBy: 476 }],
    ['dashscope', { limit: 1024, promptTokens: null, overBy: null }],
    ['openrouter', { limit: 1024, promptTokens: 1500, overBy: null }],
  ] as const)("reads %s's words for it, with the sizes they give", (vendor, sizes) => {
    expect(contextOverflowOf(refusal(vendor))).toEqual(sizes);
  });

  it("reads vLLM's refusal of an output limit too large for what the prompt leaves", () => {
    const error = {
      message: "'max_tokens' or 'max_completion_tokens' is too large: 8000. This model's maximum context length is 4096 tokens and your request has 2778 input tokens (8000 > 4096 - 2778).",
      type: 'BadRequestError',
      code: 400,
    };
    expect(contextOverflowOf(error)).toEqual({ limit: 4096, promptTokens: 2778, overBy: null });
  });

  it('is not fooled by other refusals', () => {
    for (const failure of ['auth', 'model', 'rateLimit', 'overloaded'] as const) {
      for (const vendor of ['openai', 'vllm', 'llamacpp', 'ollama', 'dashscope', 'openrouter', 'deepseek'] as const) {
        expect(contextOverflowOf(readUpstreamError(JSON.stringify(vendorError(vendor, failure).body)))).toBeNull();
      }
    }
  });
});

describe('when to ask again', () => {
  it('reads Retry-After in seconds or as a date, and retry-after-ms', () => {
    const now = Date.parse('2026-11-27T00:00:00Z');
    expect(retryAfterSeconds(new Headers({ 'retry-after': '20' }), now)).toBe(20);
    expect(retryAfterSeconds(new Headers({ 'retry-after': 'Fri, 27 Nov 2026 00:01:00 GMT' }), now)).toBe(60);
    expect(retryAfterSeconds(new Headers({ 'retry-after-ms': '1500' }), now)).toBe(2);
    expect(retryAfterSeconds(new Headers({ 'retry-after': 'soon' }), now)).toBeNull();
    expect(retryAfterSeconds(new Headers(), now)).toBeNull();
  });
});
