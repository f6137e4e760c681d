import type { FastifyBaseLogger } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Citation, StreamErrorKind, StreamStartEvent } from '@parley/contracts';
import { databaseUnavailableMessage, isDatabaseUnavailable } from '../../db/unavailable.js';
import { isProviderError, type PromptMessage, type Provider, type RetrievedPassage, type StreamParams } from '../../llm/provider.js';
import { estimatePromptTokens, estimateTokens } from '../../llm/token-estimate.js';
import type { SseWriter } from '../../platform/sse-writer.js';
import { StreamStopped } from '../../platform/stream-registry.js';
import type { ChatStreamMetrics } from './chat-metrics.js';

/** What a streaming route hands its service: the request's log and id, and when it arrived. */
export interface StreamContext {
  log: FastifyBaseLogger;
  metrics: ChatStreamMetrics;
  requestId: string;
  /** performance.now() when the request arrived, for time to first token. */
  receivedAt: number;
}

/** Why an answer failed, in words the user reads. */
export interface Failure {
  kind: StreamErrorKind;
  message: string;
  status: number | null;
}

export interface Usage {
  promptTokens: number;
  completionTokens: number;
}

/** What answers a question: a provider (a model, the offline responder, a canned reply), its prompt, and what it cites. */
export interface AnswerSource {
  provider: Provider;
  messages: PromptMessage[];
  params: StreamParams;
  citations: Citation[];
}

/** An answer read to its end, stopped or failed, before its last events go out. */
export interface RelayedAnswer {
  /** 'error' when `failure` is set. */
  status: 'done' | 'stopped' | 'error';
  content: string;
  citations: Citation[];
  /** As the provider reported it, else estimated. */
  usage: Usage;
  /** The model that wrote it, as the service named it (else the one asked for); null when none did (a canned reply). */
  model: string | null;
  failure: Failure | null;
}

/** Reads an answer's text as it streams; a failure it answers cuts the answer there, and none of its text is kept. */
export interface AnswerGuard {
  /** Each new piece of text, before it goes out. */
  inspect(piece: string): Promise<Failure | null>;
  /** The whole text of an answer read to its end (not one stopped or failed). */
  finish(content: string): Promise<Failure | null>;
}

export interface RelayRequest {
  writer: SseWriter;
  /** Stop Responding, a client that went away, a session that ended, shutdown. */
  signal: AbortSignal;
  start: StreamStartEvent;
  context: StreamContext;
  /**
   * A chat's answer is saved, counted in the chat metrics (in flight, time to first token,
   * errors) and named by its failure; an agent preview's is none of these.
   */
  kind: 'chat' | 'preview';
  /** Retrieval and the prompt, once the start event is out; a throw fails the answer as a model failure would. */
  compose(): Promise<AnswerSource>;
  /** Runs while the answer streams (a chat saves its text now and then); the returned stop is awaited before `settle`. */
  whileStreaming?(text: () => string): () => Promise<void>;
  /** Keeps the answer (saves it, counts its usage) and answers the failure the browser is told, if any. */
  settle(answer: RelayedAnswer): Promise<Failure | null>;
  /** The chat's content check on answers (MODERATION_CHAT=both). */
  guard?: AnswerGuard;
}

export function toCitation(passage: RetrievedPassage): Citation {
  const { chunkId, fileId, fileName, heading, page, excerpt, score } = passage;
  return { chunkId, fileId, fileName, heading, page, excerpt, score };
}

export function describeFailure(error: unknown, log: FastifyBaseLogger): Failure {
  if (isProviderError(error)) return { kind: error.kind, message: error.message, status: error.status };
  log.error({ err: error }, 'answer stream failed');
  if (isDatabaseUnavailable(error)) return { kind: 'internal', message: databaseUnavailableMessage, status: null };
  return { kind: 'internal', message: 'Something went wrong while answering. Please try again.', status: null };
}

/** The text received so far, joined only when read. */
function textBuffer() {
  let parts: string[] = [];
  return {
    push: (text: string) => parts.push(text),
    get empty() {
      return parts.length === 0;
    },
    text: () => {
      if (parts.length > 1) parts = [parts.join('')];
      return parts[0] ?? '';
    },
  };
}

/**
 * The one relay of an answer to the browser, for chat, regenerate and the agent preview alike:
 * start, citations, deltas (coalesced by the writer, waiting while the socket is congested),
 * then usage and exactly one of done or error, once `settle` has kept the answer. A stop ends
 * the reading and keeps what was written; a failure of the source (the model service's own
 * first-token and stall timers included) ends it as an error event.
 */
export async function relayAnswer(request: RelayRequest): Promise<void> {
  const { writer, signal, context } = request;
  const saved = request.kind === 'chat';
  const metrics = saved ? context.metrics : null;
  const log = context.log;
  const startedAt = performance.now();
  writer.open({ 'x-request-id': context.requestId });
  metrics?.streamStarted();
  writer.send({ event: 'start', data: request.start });

  const received = textBuffer();
  let source: AnswerSource | null = null;
  let reported: Usage | null = null;
  let answeredBy: string | null = null;
  let failure: Failure | null = null;
  let guardCut = false;
  const stopExtra = request.whileStreaming?.(received.text);
  try {
    source = await request.compose();
    if (source.citations.length > 0) writer.send({ event: 'citations', data: { citations: source.citations } });
    // A provider that reads on meanwhile is asked again only when the next frame may go out:
    // the tokens of a frame then come in one hand-over, and the frame goes out at once.
    const paced = source.provider.buffersText === true;
    for await (const chunk of source.provider.stream(source.messages, source.params, signal)) {
      if (signal.aborted) break;
      if (chunk.type === 'usage') {
        reported = { promptTokens: chunk.promptTokens, completionTokens: chunk.completionTokens };
        continue;
      }
      if (chunk.type === 'model') {
        answeredBy = chunk.name;
        continue;
      }
      if (chunk.text === '') continue;
      const cut = await request.guard?.inspect(chunk.text);
      if (cut) {
        failure = cut;
        break;
      }
      if (received.empty) metrics?.firstToken((performance.now() - context.receivedAt) / 1000);
      received.push(chunk.text);
      writer.delta(chunk.text);
      if (writer.congested) await writer.drained(signal);
      else if (paced && writer.untilNextDelta > 0) await sleep(writer.untilNextDelta);
    }
    if (!failure && !signal.aborted) failure = (await request.guard?.finish(received.text())) ?? null;
    guardCut = failure !== null;
  } catch (error) {
    if (!signal.aborted) {
      failure = describeFailure(error, log);
      metrics?.upstreamError(failure.kind);
    }
  } finally {
    await stopExtra?.();
  }

  const written = received.text();
  const content = guardCut ? '' : written;
  const usage = reported ?? {
    promptTokens: source && source.messages.length > 0 ? estimatePromptTokens(source.messages) : 0,
    completionTokens: estimateTokens(written),
  };
  const status = failure ? 'error' : signal.aborted ? 'stopped' : 'done';
  const citations = source?.citations ?? [];
  // the model the service says wrote it, else the one asked for; none for a canned reply
  const model = source?.provider.withoutModel ? null : (answeredBy ?? request.start.model);
  const told = await request.settle({ status, content, citations, usage, model, failure });

  writer.send({ event: 'usage', data: { ...usage, model } });
  if (told) writer.send({ event: 'error', data: { answerId: saved ? request.start.answerId : null, ...told, retryable: true } });
  else writer.send({ event: 'done', data: { answerId: request.start.answerId, status: status === 'done' ? 'done' : 'stopped' } });
  writer.end();
  metrics?.streamEnded(told ? 'error' : status);

  const stopReason = signal.aborted && signal.reason instanceof StreamStopped ? signal.reason.reason : null;
  const summary = { status: told ? 'error' : status, stopReason, ms: Math.round(performance.now() - startedAt), ...usage, chars: content.length };
  if (told) log.warn({ ...summary, kind: told.kind, upstreamStatus: told.status }, 'answer stream failed');
  else if (signal.aborted) log.info(summary, 'answer stream aborted');
  else log.info(summary, 'answer stream ended');
}
