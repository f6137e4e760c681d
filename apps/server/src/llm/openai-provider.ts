import { createParser } from 'eventsource-parser';
import OpenAI, { APIConnectionError, APIError } from 'openai';
import { Readable, finished as streamFinished } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import { StringDecoder } from 'node:string_decoder';
import { errors as undiciErrors } from 'undici';
import { ProviderError, type PromptMessage, type Provider, type ProviderChunk, type StreamParams } from './provider.js';
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

const failures = {
  timeout: () => new ProviderError('timeout', 'The model service did not start answering in time. Please try again.'),
  stalled: () =>
    new ProviderError('stalled', 'The model service stopped sending the answer partway through. Please try again.'),
  unreachable: (cause: unknown) =>
    new ProviderError('unreachable', 'The model service could not be reached. Please try again later.', { cause }),
  brokeOff: (cause: unknown) =>
    new ProviderError('unreachable', 'The connection to the model service broke off mid-answer. Please try again.', {
      cause,
    }),
  malformed: (cause: unknown) =>
    new ProviderError('malformed', 'The model service sent a reply that could not be read.', { cause }),
};

/** Text read ahead of a reader that holds a chunk (a slow client) beyond which reading pauses. */
const maxPendingChars = 64 * 1024;

function httpFailure(status: number, cause: unknown): ProviderError {
  let message: string;
  if (status === 401 || status === 403) {
    message = "The model service refused this site's credentials. An operator needs to check the API key.";
  } else if (status === 404) {
    message = 'The selected model is not available on the model service.';
  } else if (status === 429) {
    message = 'The model service is busy right now. Please try again in a moment.';
  } else if (status === 400 || status === 413 || status === 422) {
    message = 'The model service rejected the request, possibly because the conversation is too long.';
  } else if (status >= 500) {
    message = 'The model service had an error. Please try again later.';
  } else {
    message = 'The model service refused the request.';
  }
  return new ProviderError('upstream_http', message, { status, cause });
}

/** Streams chat completions from any OpenAI-compatible service (OpenAI, DeepSeek, Ollama, vLLM, ...). */
export function createOpenAIProvider(options: OpenAIProviderOptions): Provider {
  const dispatcher = createDispatcher(options);
  const client = new OpenAI({
    apiKey: options.apiKey || 'unused',
    baseURL: options.baseUrl || 'https://api.openai.com/v1',
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

async function* streamCompletion(
  client: OpenAI,
  options: OpenAIProviderOptions,
  messages: PromptMessage[],
  params: StreamParams,
  signal: AbortSignal,
): AsyncGenerator<ProviderChunk> {
  if (signal.aborted) return;
  const upstream = new AbortController();
  let failure: ProviderError | null = null;
  const fail = (error: ProviderError) => {
    failure ??= error;
    upstream.abort();
  };
  const stopUpstream = () => upstream.abort();
  signal.addEventListener('abort', stopUpstream, { once: true });
  const firstChunkTimer = setTimeout(() => fail(failures.timeout()), options.firstChunkTimeoutMs);
  // While the consumer holds a chunk, the wait is theirs, not the model service's.
  let consumerHolds = false;
  // The stall timer is not moved on every read (a timer-list operation per token): it notes when
  // the wait for the service began, and when it fires early it sleeps for the rest of the gap.
  let waitingSince = 0;
  let stallTimer: NodeJS.Timeout | undefined;
  const checkStall = () => {
    const left = consumerHolds ? options.stallTimeoutMs : waitingSince + options.stallTimeoutMs - performance.now();
    if (left > 0) stallTimer = setTimeout(checkStall, left);
    else fail(failures.stalled());
  };
  const stopTimers = () => {
    clearTimeout(firstChunkTimer);
    clearTimeout(stallTimer);
  };

  let responded = false;
  let chunks = 0;
  let finished = false;
  let usage: Extract<ProviderChunk, { type: 'usage' }> | null = null;
  // The body is read as it arrives ('data' events, each read parsed at once): the text of every
  // event since the reader last took some waits in `pending`, handed over in one piece at its
  // next pull. No promise per network read, and a reader that pulls once per frame gets a frame's
  // tokens together.
  let pending = '';
  // A bad event fails the stream once the text before it is handed over, as it would one by one.
  let unreadable: unknown = null;
  let bodyFailed: unknown = null;
  let bodyEnded = false;
  let wake: (() => void) | null = null;
  const wakeUp = () => {
    const resolve = wake;
    wake = null;
    resolve?.();
  };
  try {
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
    // here (one parser, one JSON.parse per event) from the Node stream under the SDK's Response.
    const open = () => client.chat.completions.create(body, { signal: upstream.signal }).asResponse();
    // One retry when a reused connection turns out closed before any answer: nothing can repeat.
    const response = await open().catch((error: unknown) => {
      if (upstream.signal.aborted || !isClosedConnection(error)) throw error;
      return open();
    });
    responded = true;
    const answer = nodeBodyOf(response) ?? (response.body ? Readable.fromWeb(response.body as NodeWebStream) : null);
    if (!answer) throw failures.malformed(new Error('the response has no body'));
    let done = false;
    const parser = createParser({
      onEvent: (event) => {
        // Whatever follows [DONE] is ignored; the body is still read to its end, so the connection is reused.
        if (done || unreadable !== null) return;
        if (event.data.startsWith('[DONE]')) {
          done = true;
          return;
        }
        if (chunks++ === 0) {
          clearTimeout(firstChunkTimer);
          waitingSince = performance.now();
          stallTimer = setTimeout(checkStall, options.stallTimeoutMs);
        }
        try {
          const read = readChunk(JSON.parse(event.data) as unknown, event.event);
          if (read.usage) usage = read.usage;
          if (read.finished) finished = true;
          pending += read.text;
        } catch (error) {
          unreadable = error;
        }
      },
    });
    // StringDecoder costs less per read than TextDecoder's streaming mode; the BOM it keeps is dropped below.
    const decoder = new StringDecoder('utf8');
    let started = false;
    answer.on('data', (bytes: Buffer) => {
      let received = decoder.write(bytes);
      if (!started && received !== '') {
        started = true;
        if (received.charCodeAt(0) === 0xfeff) received = received.slice(1);
      }
      parser.feed(received);
      // The gap the stall timer measures starts at the last read.
      waitingSince = performance.now();
      // A reader held up by a slow client stops the reading once it is this far behind.
      if (consumerHolds && pending.length > maxPendingChars) answer.pause();
      if (pending !== '' || unreadable !== null) wakeUp();
    });
    streamFinished(answer, (error) => {
      if (error) bodyFailed = error;
      else bodyEnded = true;
      wakeUp();
    });
    for (;;) {
      if (pending === '' && unreadable === null && bodyFailed === null && !bodyEnded) {
        await new Promise<void>((resolve) => (wake = resolve));
      }
      if (pending !== '') {
        const text = pending;
        pending = '';
        // While the reader holds the text, the wait is theirs, not the model service's.
        consumerHolds = true;
        yield { type: 'delta', text };
        consumerHolds = false;
        if (answer.isPaused()) answer.resume();
        // Back to waiting for the service: the gap is measured from here.
        waitingSince = performance.now();
        continue;
      }
      if (unreadable !== null) throw unreadable;
      if (bodyFailed !== null) throw bodyFailed;
      break;
    }
    stopTimers();
    if (failure) throw failure;
    if (signal.aborted) return;
    if (chunks === 0) throw failures.malformed(new Error('the stream ended without a single chunk'));
    if (!finished) throw failures.brokeOff(new Error('the stream ended without a finish reason'));
    if (usage) yield usage;
  } catch (error) {
    if (failure) throw failure;
    if (signal.aborted) return;
    throw toProviderError(error, responded);
  } finally {
    stopTimers();
    signal.removeEventListener('abort', stopUpstream);
    // Ends the upstream request when the consumer stopped reading early; a no-op once it is done.
    upstream.abort();
  }
}

interface ReadChunk {
  text: string;
  finished: boolean;
  usage: Extract<ProviderChunk, { type: 'usage' }> | null;
}

/** Checks a parsed data line against the chunk shape, since compatible servers vary. */
function readChunk(chunk: unknown, event: string | undefined): ReadChunk {
  // An `error` object (or an `error` event) is the service failing mid-answer, as the SDK reads it.
  if (event === 'error' || (isRecord(chunk) && chunk.error)) {
    throw new ProviderError('upstream_http', 'The model service reported an error while answering.', {
      cause: new Error(JSON.stringify(chunk)?.slice(0, 500)),
    });
  }
  if (!isRecord(chunk) || !Array.isArray(chunk.choices)) {
    throw failures.malformed(new Error(`not a chat.completion.chunk: ${JSON.stringify(chunk)?.slice(0, 200)}`));
  }
  let text = '';
  let finished = false;
  for (const choice of chunk.choices as unknown[]) {
    const delta = isRecord(choice) ? (choice.delta ?? {}) : null;
    const content = isRecord(delta) ? (delta.content ?? '') : null;
    if (!isRecord(choice) || typeof content !== 'string') {
      throw failures.malformed(new Error(`not a chunk choice: ${JSON.stringify(choice)?.slice(0, 200)}`));
    }
    if ((choice.index ?? 0) !== 0) continue;
    text += content;
    if (choice.finish_reason) finished = true;
  }
  const usage = chunk.usage;
  const reported =
    isRecord(usage) && typeof usage.prompt_tokens === 'number' && typeof usage.completion_tokens === 'number';
  return {
    text,
    finished,
    usage: reported
      ? { type: 'usage', promptTokens: usage.prompt_tokens as number, completionTokens: usage.completion_tokens as number }
      : null,
  };
}

function toProviderError(error: unknown, responded: boolean): ProviderError {
  if (error instanceof ProviderError) return error;
  // Connection errors (refused, DNS, connect timeout) are APIErrors without a status; check them first.
  if (error instanceof APIConnectionError) return failures.unreachable(error);
  if (error instanceof APIError) {
    // A status-less APIError is no HTTP refusal (an in-stream `error` object is read in readChunk).
    return error.status === undefined
      ? new ProviderError('upstream_http', 'The model service reported an error while answering.', { cause: error })
      : httpFailure(error.status, error);
  }
  if (error instanceof SyntaxError) return failures.malformed(error);
  // The socket closed or failed before the response was complete (undici's errors; "terminated" from its fetch).
  if (error instanceof undiciErrors.UndiciError || error instanceof TypeError || isSocketFailure(error)) {
    return responded ? failures.brokeOff(error) : failures.unreachable(error);
  }
  return new ProviderError('internal', 'Something went wrong on our side while getting the answer.', { cause: error });
}

/** The socket closed under the request (a keep-alive race), as opposed to refused, unresolved or timed out. */
function isClosedConnection(error: unknown): boolean {
  if (!(error instanceof APIConnectionError)) return false;
  for (let cause = error.cause; cause instanceof Error; cause = cause.cause) {
    const code = (cause as Error & { code?: unknown }).code;
    if (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET' || code === 'EPIPE') return true;
  }
  return false;
}

/** A socket error from the operating system (reset, broken pipe) rather than from undici. */
function isSocketFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ECONNRESET' || code === 'EPIPE';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
