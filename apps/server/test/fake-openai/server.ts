import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  contentText,
  estimateTokens,
  plannedTokens,
  splitTokens,
  type FakeScenario,
  type PromptMessage,
} from './scenarios.js';
import { fakeEmbedding } from './embeddings.js';
import { countsCompletion, vendorError } from './vendor-shapes.js';

/** What the fake saw of one request to /v1/chat/completions, and how its answer went. */
export interface FakeRequestRecord {
  id: number;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body (model, messages, stream, temperature, ...). */
  body: ChatCompletionBody;
  /** Wall-clock milliseconds (performance.timeOrigin + performance.now()), comparable across processes. */
  receivedAt: number;
  firstChunkSentAt: number | null;
  /** Response body bytes written. */
  bytesSent: number;
  /** The client closed the connection before the answer was complete. */
  closedEarly: boolean;
  /** The answer was sent to the end ([DONE] for streams). */
  finished: boolean;
}

export interface ChatCompletionBody {
  model?: string;
  messages?: PromptMessage[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  [key: string]: unknown;
}

export interface FakeOpenAIOptions {
  port?: number;
  host?: string;
  scenario?: FakeScenario;
  /** Listed by GET /v1/models. */
  models?: string[];
  /** When set, requests without `Authorization: Bearer <apiKey>` get a 401. */
  apiKey?: string;
  /** When set, GET /v1/user/balance answers it (DeepSeek's balance call); otherwise that is a 404 like at OpenAI. */
  balance?: unknown;
}

export interface FakeOpenAI {
  /** Base URL including /v1, as LLM_BASE_URL expects it. */
  url: string;
  requests: FakeRequestRecord[];
  /** Requests whose client went away mid-answer. */
  readonly abortedRequests: number;
  setScenario(scenario: FakeScenario): void;
  /**
   * Lets the answers waiting at their scenario's `pauseAfter` go on, and those that reach it
   * later pass it, until the scenario is set again.
   */
  proceed(): void;
  /** Inputs of each POST /v1/embeddings request, in order. */
  embeddingRequests: { model: string; input: string[] }[];
  /** Makes /v1/embeddings answer this HTTP error status (null: answer normally). */
  setEmbeddingsFailure(status: number | null): void;
  /** Makes /v1/embeddings wait this long before answering (0: at once). */
  setEmbeddingsDelay(ms: number): void;
  /** Forgets the recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

export const wallClock = () => performance.timeOrigin + performance.now();

export async function startFakeOpenAI(options: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  let scenario: FakeScenario = options.scenario ?? { kind: 'ok' };
  const models = options.models ?? ['fake-model'];
  const requests: FakeRequestRecord[] = [];
  let nextId = 1;
  let dropped = 0;
  const embeddingRequests: { model: string; input: string[] }[] = [];
  let embeddingsFailure: number | null = null;
  let embeddingsDelayMs = 0;
  // where answers with `pauseAfter` wait; a new scenario (or closing) lets the waiting ones go
  let pause = gate();
  const useScenario = (next: FakeScenario) => {
    scenario = next;
    dropped = 0;
    pause.open();
    pause = gate();
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, errorBody(String(error), 'server_error'));
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const route = `${req.method} ${path}`;
    if (route === 'GET /v1/models') {
      const data = models.map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'fake' }));
      return sendJson(res, 200, { object: 'list', data });
    }
    // Control endpoints, for callers that run the fake as a separate process (cli.ts).
    if (route === 'GET /__fake/requests') return sendJson(res, 200, { requests });
    if (route === 'POST /__fake/scenario') {
      useScenario(JSON.parse(await readBody(req)) as FakeScenario);
      return sendJson(res, 200, { scenario });
    }
    if (route === 'POST /__fake/proceed') {
      pause.open();
      return sendJson(res, 200, { proceeded: true });
    }
    if (route === 'POST /__fake/reset') {
      requests.length = 0;
      return sendJson(res, 200, { reset: true });
    }
    if (route === 'POST /v1/chat/completions') return completions(req, res);
    if (route === 'POST /v1/embeddings') return embeddings(req, res);
    if (route === 'GET /v1/user/balance' && options.balance !== undefined) {
      if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
        return sendJson(res, 401, errorBody('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key'));
      }
      return sendJson(res, 200, options.balance);
    }
    return sendJson(res, 404, errorBody(`Unknown request URL: ${route}`, 'invalid_request_error', 'unknown_url'));
  }

  /** OpenAI's embeddings call, answered with fakeEmbedding vectors (see embeddings.ts: a test peer, not a model). */
  async function embeddings(req: IncomingMessage, res: ServerResponse) {
    if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      return sendJson(res, 401, errorBody('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key'));
    }
    let body: { model?: unknown; input?: unknown };
    try {
      body = JSON.parse(await readBody(req)) as typeof body;
    } catch {
      return sendJson(res, 400, errorBody('We could not parse the JSON body of your request.', 'invalid_request_error'));
    }
    const input = typeof body.input === 'string' ? [body.input] : body.input;
    if (typeof body.model !== 'string' || !Array.isArray(input) || !input.every((item) => typeof item === 'string')) {
      return sendJson(res, 400, errorBody("'model' and 'input' (a string or an array of strings) are required.", 'invalid_request_error'));
    }
    embeddingRequests.push({ model: body.model, input });
    if (embeddingsDelayMs > 0) await sleep(embeddingsDelayMs);
    if (res.destroyed) return;
    if (embeddingsFailure !== null) return sendJson(res, embeddingsFailure, errorBody(`Fake error ${embeddingsFailure}`, 'api_error'));
    const data = input.map((text, index) => ({ object: 'embedding', index, embedding: fakeEmbedding(text) }));
    const tokens = estimateTokens(input.join(' '));
    return sendJson(res, 200, { object: 'list', data, model: body.model, usage: { prompt_tokens: tokens, total_tokens: tokens } });
  }

  async function completions(req: IncomingMessage, res: ServerResponse) {
    let body: ChatCompletionBody;
    try {
      body = JSON.parse(await readBody(req)) as ChatCompletionBody;
    } catch {
      return sendJson(res, 400, errorBody('We could not parse the JSON body of your request.', 'invalid_request_error'));
    }
    const record: FakeRequestRecord = {
      id: nextId++,
      headers: req.headers,
      body,
      receivedAt: wallClock(),
      firstChunkSentAt: null,
      bytesSent: 0,
      closedEarly: false,
      finished: false,
    };
    requests.push(record);
    let cutByUs = false;
    res.on('close', () => {
      if (!res.writableFinished && !cutByUs) record.closedEarly = true;
    });
    const write = (text: string) => {
      record.bytesSent += Buffer.byteLength(text);
      res.write(text);
    };
    const finish = (text: string) => {
      record.bytesSent += Buffer.byteLength(text);
      res.end(text, () => {
        record.finished = true;
      });
    };

    if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      return finishJson(res, finish, 401, errorBody('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key'));
    }
    const current = scenario;
    const paused = pause;
    if (current.kind === 'httpError') {
      const error = errorBody(current.message ?? `Fake error ${current.status}`, current.type ?? 'api_error', current.code);
      return finishJson(res, finish, current.status, error);
    }
    if (current.kind === 'vendorError') {
      const refusal = vendorError(current.vendor, current.failure);
      res.writeHead(refusal.status, { 'content-type': 'application/json', ...refusal.headers });
      return finish(JSON.stringify(refusal.body));
    }
    if (current.kind === 'contextWindow') {
      const promptTokens = estimateTokens((Array.isArray(body.messages) ? body.messages : []).map((message) => contentText(message.content)).join('\n'));
      const completionTokens = typeof body.max_tokens === 'number' ? body.max_tokens : 0;
      const needed = promptTokens + (countsCompletion(current.vendor) ? completionTokens : 0);
      if (needed > current.limit) {
        const refusal = vendorError(current.vendor, 'context', { limit: current.limit, promptTokens, completionTokens });
        res.writeHead(refusal.status, { 'content-type': 'application/json', ...refusal.headers });
        return finish(JSON.stringify(refusal.body));
      }
    }
    if (current.kind === 'dropConnection' && dropped < (current.times ?? Infinity)) {
      dropped++;
      cutByUs = true;
      req.socket.destroy();
      return;
    }
    if (current.kind === 'slowHeaders') await sleep(current.delayMs);
    if (res.destroyed) return;

    const messages = Array.isArray(body.messages) ? body.messages : [];
    const tokens = [...plannedTokens(current, messages)];
    const model = ('servedModel' in current ? current.servedModel : undefined) ?? body.model ?? models[0] ?? 'fake-model';
    const reasoning = 'reasoning' in current && current.reasoning ? current.reasoning : '';
    const reasoningAs = ('reasoningAs' in current ? current.reasoningAs : undefined) ?? 'reasoning_content';
    // a server that leaves the thinking inline reports no reasoning tokens
    const thinking = reasoning ? splitTokens(reasoning) : [];
    const usage: Record<string, unknown> & { prompt_tokens: number; completion_tokens: number; total_tokens: number } = {
      prompt_tokens: estimateTokens(messages.map((message) => contentText(message.content)).join('\n')),
      completion_tokens: tokens.length + thinking.length,
      total_tokens: 0,
    };
    usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;
    if (thinking.length > 0 && reasoningAs !== 'think') usage.completion_tokens_details = { reasoning_tokens: thinking.length };
    const finishReason = ('finishReason' in current ? current.finishReason : undefined) ?? 'stop';
    const id = `chatcmpl-${randomBytes(12).toString('hex')}`;
    const created = Math.floor(Date.now() / 1000);

    if (body.stream !== true) {
      const message = { role: 'assistant', content: tokens.join(''), refusal: null };
      const completion = { id, object: 'chat.completion', created, model, usage };
      const choices = [{ index: 0, message, logprobs: null, finish_reason: 'stop' }];
      return finishJson(res, finish, 200, { ...completion, choices });
    }

    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
    res.flushHeaders();
    if (current.kind === 'garbage') {
      for (const line of current.lines ?? ['this is not json', '{"half": ']) write(`data: ${line}\n\n`);
      return finish('data: [DONE]\n\n');
    }
    if (current.kind === 'frames') {
      for (const frame of current.frames) write(`${frame}\n\n`);
      return finish('data: [DONE]\n\n');
    }

    const includeUsage = body.stream_options?.include_usage === true;
    const chunk = (delta: object, finishReason: string | null) => {
      const choices = [{ index: 0, delta, logprobs: null, finish_reason: finishReason }];
      const payload = { id, object: 'chat.completion.chunk', created, model, choices };
      return `data: ${JSON.stringify(includeUsage ? { ...payload, usage: null } : payload)}\n\n`;
    };
    // The same bytes as chunk({content}), spliced: the fake must not be the bottleneck of a benchmark.
    const [contentHead, contentTail] = chunk({ content: '\u0000' }, null).split('"\\u0000"') as [string, string];
    const contentChunk = (content: string) => contentHead + JSON.stringify(content) + contentTail;
    const intervalMs = 'intervalMs' in current ? (current.intervalMs ?? 0) : 0;
    const firstTokenDelayMs = 'firstTokenDelayMs' in current ? (current.firstTokenDelayMs ?? 0) : 0;
    if (firstTokenDelayMs > 0) await sleep(firstTokenDelayMs);
    const pauseAfter = 'pauseAfter' in current ? current.pauseAfter : undefined;
    const pauseAt = async (sent: number) => {
      if (sent === pauseAfter) await paused.opened;
    };

    // A normal answer has at least the chunk with the role; stallAfter/cutAfter send exactly N.
    // thinking first: in its own delta field, or inline between <think> tags in the content
    if (thinking.length > 0 && reasoningAs !== 'think') {
      for (const [index, piece] of thinking.entries()) {
        if (index > 0 && intervalMs > 0) await sleep(intervalMs);
        if (res.destroyed) return;
        write(chunk(index === 0 ? { role: 'assistant', content: '', [reasoningAs]: piece } : { [reasoningAs]: piece }, null));
        if (index === 0) record.firstChunkSentAt = wallClock();
      }
    }
    if (thinking.length > 0 && reasoningAs === 'think') tokens.unshift('<think>', ...thinking, '</think>\n\n');
    const exact = current.kind === 'stallAfter' || current.kind === 'cutAfter';
    const chunkCount = exact ? tokens.length : Math.max(tokens.length, 1);
    for (let index = 0; index < chunkCount; index++) {
      if (index > 0 && intervalMs > 0) await sleep(intervalMs);
      await pauseAt(index);
      if (res.destroyed) return;
      const content = tokens[index] ?? '';
      write(index === 0 ? chunk({ role: 'assistant', content }, null) : contentChunk(content));
      if (index === 0) record.firstChunkSentAt ??= wallClock();
    }
    if (current.kind === 'stallAfter') return;
    if (current.kind === 'cutAfter') {
      cutByUs = true;
      res.socket?.destroy();
      return;
    }
    if (intervalMs > 0) await sleep(intervalMs);
    await pauseAt(chunkCount);
    if (res.destroyed) return;
    write(chunk({}, finishReason));
    if (includeUsage) write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [], usage })}\n\n`);
    finish('data: [DONE]\n\n');
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}/v1`,
    requests,
    get abortedRequests() {
      return requests.filter((request) => request.closedEarly).length;
    },
    embeddingRequests,
    setEmbeddingsFailure(status) {
      embeddingsFailure = status;
    },
    setEmbeddingsDelay(ms) {
      embeddingsDelayMs = ms;
    },
    setScenario: useScenario,
    proceed() {
      pause.open();
    },
    reset() {
      requests.length = 0;
      embeddingRequests.length = 0;
    },
    close() {
      pause.open();
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

/** A promise that `open` resolves, for answers to wait at. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

function errorBody(message: string, type: string, code: string | null = null) {
  return { error: { message, type, param: null, code } };
}

function sendJson(res: ServerResponse, status: number, payload: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(payload));
}

function finishJson(res: ServerResponse, finish: (text: string) => void, status: number, payload: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  finish(JSON.stringify(payload));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}
