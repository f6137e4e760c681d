import OpenAI from 'openai';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import { createStallWatch, readCompletion } from './completion-body.js';
import { failures, isClosedConnection, toProviderError } from './openai-errors.js';
import type { PromptMessage, Provider, ProviderChunk, StreamParams } from './provider.js';
import { createDispatcher, type ProxySettings } from './proxy-dispatcher.js';
import { createRequestFetch, nodeBodyOf } from './request-fetch.js';

export interface OpenAIProviderOptions extends ProxySettings {
  /** An OpenAI-compatible base URL (…/v1); empty: OpenAI's own. */
  baseUrl: string;
  /** Empty for local servers that need none (no Authorization header is sent then). */
  apiKey: string;
  /** Until the first chunk arrives, response headers included. */
  firstChunkTimeoutMs: number;
  /** Longest gap between chunks once the answer has started. */
  stallTimeoutMs: number;
}

/** OpenAI's own API: the base URL when none is set. */
export const openAIBaseUrl = 'https://api.openai.com/v1';

/** Streams chat completions from any OpenAI-compatible service (OpenAI, DeepSeek, Ollama, vLLM, ...). */
export function createOpenAIProvider(options: OpenAIProviderOptions): Provider {
  const dispatcher = createDispatcher(options);
  const client = new OpenAI({
    apiKey: options.apiKey || 'unused',
    baseURL: options.baseUrl || openAIBaseUrl,
    organization: null,
    project: null,
    // A retried stream would repeat text the user has already seen.
    maxRetries: 0,
    // Longer than our own first-chunk timer, so a timeout the SDK reports means a connect timeout.
    timeout: options.firstChunkTimeoutMs + 5000,
    logLevel: 'off',
    // undici, because Node's built-in fetch cannot use dispatchers from undici 7; its `request`,
    // so that an answer's body can be read without web streams (request-fetch.ts).
    fetch: createRequestFetch(dispatcher),
    ...(options.apiKey ? {} : { defaultHeaders: { Authorization: null } }),
  });

  return {
    name: 'openai-compatible',
    buffersText: true,
    stream: (messages, params, signal) => streamCompletion(client, options, messages, params, signal),
  };
}

/** The request for one answer; a reused connection found closed before any answer is retried once, as nothing can repeat. */
async function openCompletion(client: OpenAI, messages: PromptMessage[], params: StreamParams, signal: AbortSignal): Promise<Response> {
  const body = {
    model: params.model,
    messages,
    stream: true as const,
    stream_options: { include_usage: true },
    temperature: params.temperature,
    top_p: params.topP,
    max_tokens: params.maxOutputTokens,
  };
  // The SDK sends the request and turns refusals into its errors; the answer's body is read
  // by readCompletion (one parser, one JSON.parse per event) from the Node stream under the SDK's Response.
  const open = () => client.chat.completions.create(body, { signal }).asResponse();
  return open().catch((error: unknown) => {
    if (signal.aborted || !isClosedConnection(error)) throw error;
    return open();
  });
}

async function* streamCompletion(
  client: OpenAI,
  options: OpenAIProviderOptions,
  messages: PromptMessage[],
  params: StreamParams,
  signal: AbortSignal,
): AsyncGenerator<ProviderChunk> {
  if (signal.aborted) return;
  const upstream = new AbortController();
  let failure: Error | null = null;
  const watch = createStallWatch(options, (error) => {
    failure ??= error;
    upstream.abort();
  });
  const stopUpstream = () => upstream.abort();
  signal.addEventListener('abort', stopUpstream, { once: true });
  let responded = false;
  try {
    const response = await openCompletion(client, messages, params, upstream.signal);
    responded = true;
    const answer = nodeBodyOf(response) ?? (response.body ? Readable.fromWeb(response.body as NodeWebStream) : null);
    if (!answer) throw failures.malformed(new Error('the response has no body'));
    const end = yield* readCompletion(answer, watch);
    watch.stop();
    if (failure) throw failure;
    if (signal.aborted) return;
    if (end.events === 0) throw failures.malformed(new Error('the stream ended without a single chunk'));
    if (end.finishReason === null) throw failures.brokeOff(new Error('the stream ended without a finish reason'));
    yield { type: 'finish', reason: end.finishReason };
    if (end.model) yield { type: 'model', name: end.model };
    if (end.usage) yield end.usage;
  } catch (error) {
    if (failure) throw failure;
    if (signal.aborted) return;
    throw toProviderError(error, responded);
  } finally {
    watch.stop();
    signal.removeEventListener('abort', stopUpstream);
    // Ends the upstream request when the consumer stopped reading early; a no-op once it is done.
    upstream.abort();
  }
}
