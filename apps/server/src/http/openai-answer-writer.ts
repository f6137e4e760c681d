import type { ServerResponse } from 'node:http';
import type {
  Citation,
  OpenAIChatChunk,
  OpenAIChatCompletion,
  OpenAICitation,
  OpenAIError,
  OpenAIUsage,
  StreamErrorEvent,
  StreamEvent,
  StreamUsageEvent,
} from '@parley/contracts';
import { drainOf, type AnswerWriter } from '../platform/answer-writer.js';

/** Deltas go out at most this often, as in Parley's own stream (platform/sse-writer.ts). */
const deltaIntervalMs = 30;
const keepAliveMs = 15_000;

export interface OpenAIAnswerOptions {
  /** `stream: true`: chunks as server-sent events, then `data: [DONE]`; else one JSON answer at the end. */
  stream: boolean;
  /** `stream_options.include_usage`: a last chunk with the usage and no choices. */
  includeUsage: boolean;
  /** What the answer names as its model: the agent id the client asked for. */
  model: string;
}

/** The status and OpenAI error of an answer that failed, by why it failed. */
export function openAIFailure(error: Pick<StreamErrorEvent, 'kind' | 'message'>): { status: number; body: OpenAIError } {
  const failure = (status: number, type: OpenAIError['error']['type'], code: string | null) => ({
    status,
    body: { error: { message: error.message, type, param: null, code } },
  });
  switch (error.kind) {
    case 'rate_limited':
      return failure(429, 'rate_limit_error', 'rate_limit_exceeded');
    case 'context_too_long':
      return failure(400, 'invalid_request_error', 'context_length_exceeded');
    case 'overloaded':
    case 'unreachable':
      return failure(503, 'server_error', 'service_unavailable');
    case 'timeout':
    case 'stalled':
      return failure(504, 'server_error', 'timeout');
    default:
      return failure(500, 'server_error', null);
  }
}

function toCitation({ fileName, heading, page, excerpt }: Citation): OpenAICitation {
  return { file_name: fileName, heading, page, excerpt };
}

function toUsage({ promptTokens, completionTokens, reasoningTokens }: StreamUsageEvent): OpenAIUsage {
  const usage: OpenAIUsage = { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens };
  return reasoningTokens != null ? { ...usage, completion_tokens_details: { reasoning_tokens: reasoningTokens } } : usage;
}

/**
 * The answer relay's events in OpenAI's shapes: `chat.completion.chunk` server-sent events for
 * `stream: true`, or one `chat.completion` at the end. A failure before the answer began is an
 * OpenAI error with its status; once streaming, an `error` data line, which the SDKs raise.
 */
export class OpenAIAnswerWriter implements AnswerWriter {
  private id = 'chatcmpl-';
  private readonly created = Math.floor(Date.now() / 1000);
  private content = '';
  private reasoning = '';
  private citations: OpenAICitation[] = [];
  private usage: OpenAIUsage = { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 };
  private outcome: { finish: 'stop' | 'length' | 'content_filter' } | { error: StreamErrorEvent } | null = null;
  private pendingText = '';
  private lastDeltaAt = 0;
  private flushQueued = false;
  private ended = false;
  private gone = false;
  private lastWriteAt = Date.now();
  private readonly keepAlive: NodeJS.Timeout | undefined;
  private readonly closeListeners: (() => void)[] = [];

  constructor(
    private readonly res: ServerResponse,
    private readonly options: OpenAIAnswerOptions,
  ) {
    if (options.stream) {
      this.keepAlive = setInterval(() => {
        if (Date.now() - this.lastWriteAt >= keepAliveMs) this.write(': keep-alive\n\n');
      }, keepAliveMs);
      this.keepAlive.unref();
    }
    res.on('close', () => {
      clearInterval(this.keepAlive);
      if (this.ended) return;
      this.gone = true;
      for (const listener of this.closeListeners) listener();
    });
  }

  open(extraHeaders: Record<string, string>) {
    if (!this.options.stream) {
      for (const [name, value] of Object.entries(extraHeaders)) this.res.setHeader(name, value);
      return;
    }
    this.res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
      ...extraHeaders,
    });
    this.res.flushHeaders();
  }

  get closed(): boolean {
    return this.ended || this.gone || this.res.destroyed || this.res.writableEnded;
  }

  onDisconnect(listener: () => void) {
    if (this.closed && !this.ended) listener();
    else this.closeListeners.push(listener);
  }

  get congested(): boolean {
    return this.options.stream && !this.closed && this.res.writableNeedDrain;
  }

  drained(signal: AbortSignal): Promise<void> {
    if (!this.congested || signal.aborted) return Promise.resolve();
    return drainOf(this.res, signal);
  }

  get untilNextDelta(): number {
    if (!this.options.stream || this.flushQueued) return 0;
    return Math.max(0, this.lastDeltaAt + deltaIntervalMs - Date.now());
  }

  delta(text: string) {
    if (text === '' || this.closed) return;
    this.content += text;
    if (!this.options.stream) return;
    this.pendingText += text;
    if (this.flushQueued) return;
    const wait = this.lastDeltaAt + deltaIntervalMs - Date.now();
    if (wait <= 0) return this.flushDeltas();
    this.flushQueued = true;
    setTimeout(this.flushDeltas, wait);
  }

  send(event: Exclude<StreamEvent, { event: 'delta' }>) {
    this.flushDeltas();
    switch (event.event) {
      case 'start':
        this.id = `chatcmpl-${event.data.answerId.replaceAll('-', '')}`;
        this.chunk({ role: 'assistant', content: '' });
        return;
      case 'citations':
        this.citations = event.data.citations.map(toCitation);
        this.chunk({}, null, { citations: this.citations });
        return;
      case 'reasoning':
        this.reasoning += event.data.text;
        this.chunk({ reasoning_content: event.data.text });
        return;
      case 'usage':
        this.usage = toUsage(event.data);
        return;
      case 'done':
        this.outcome = { finish: event.data.cutShort ? 'length' : 'stop' };
        return;
      case 'error':
        // the site's content check withdrew the answer: OpenAI says so by the finish reason
        this.outcome = event.data.kind === 'moderated' ? { finish: 'content_filter' } : { error: event.data };
        if (event.data.kind === 'moderated') this.content = '';
        return;
    }
  }

  end() {
    this.flushDeltas();
    if (!this.closed) {
      if (this.options.stream) this.endStream();
      else this.answerAtOnce();
    }
    this.ended = true;
    clearInterval(this.keepAlive);
    if (this.gone) this.res.destroy();
    else if (!this.res.writableEnded) this.res.end();
  }

  private endStream() {
    const outcome = this.outcome;
    if (outcome && 'error' in outcome) {
      this.data({ error: openAIFailure(outcome.error).body.error });
      return;
    }
    this.chunk({}, outcome?.finish ?? 'stop');
    if (this.options.includeUsage) this.data({ ...this.base(), choices: [], usage: this.usage });
    this.write('data: [DONE]\n\n');
  }

  private answerAtOnce() {
    const outcome = this.outcome;
    if (outcome && 'error' in outcome) {
      const { status, body } = openAIFailure(outcome.error);
      this.res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      this.res.write(JSON.stringify(body));
      return;
    }
    const message: OpenAIChatCompletion['choices'][number]['message'] = { role: 'assistant', content: this.content, refusal: null };
    const answer: OpenAIChatCompletion = {
      id: this.id,
      object: 'chat.completion',
      created: this.created,
      model: this.options.model,
      choices: [{ index: 0, message: this.reasoning ? { ...message, reasoning_content: this.reasoning } : message, finish_reason: outcome?.finish ?? 'stop', logprobs: null }],
      usage: this.usage,
      citations: this.citations,
    };
    this.res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    this.res.write(JSON.stringify(answer));
  }

  private base() {
    return { id: this.id, object: 'chat.completion.chunk' as const, created: this.created, model: this.options.model };
  }

  private chunk(delta: OpenAIChatChunk['choices'][number]['delta'], finish: OpenAIChatChunk['choices'][number]['finish_reason'] = null, extra: Partial<OpenAIChatChunk> = {}) {
    if (!this.options.stream) return;
    this.data({ ...this.base(), choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }], ...extra });
  }

  private readonly flushDeltas = () => {
    this.flushQueued = false;
    if (this.pendingText === '') return;
    const text = this.pendingText;
    this.pendingText = '';
    this.lastDeltaAt = Date.now();
    this.chunk({ content: text });
  };

  private data(payload: object) {
    this.write(`data: ${JSON.stringify(payload)}\n\n`);
  }

  private write(frame: string) {
    if (this.closed) return;
    this.lastWriteAt = Date.now();
    this.res.write(frame);
  }
}
