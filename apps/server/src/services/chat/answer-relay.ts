import type { FastifyBaseLogger } from 'fastify';
import type { Citation, StreamErrorKind, StreamStartEvent } from '@parley/contracts';
import { databaseUnavailableMessage, isDatabaseUnavailable } from '../../db/unavailable.js';
import { isProviderError, type PromptMessage, type Provider, type RetrievedPassage, type StreamParams } from '../../llm/provider.js';
import { estimatePromptTokens, estimateTokens } from '../../llm/token-estimate.js';
import type { ContextOverflow } from '../../llm/vendor-errors.js';
import type { AnswerWriter } from '../../platform/answer-writer.js';
import { StreamStopped } from '../../platform/stream-registry.js';
import { AnswerReading } from './answer-reading.js';
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
  /** When the model service said to ask again (429). */
  retryAfterSeconds?: number | null;
}

export interface Usage {
  promptTokens: number;
  completionTokens: number;
  /** Of completionTokens, those spent thinking, when the service reported them. */
  reasoningTokens?: number | null;
}

/** What answers a question: a provider (a model, the offline responder, a canned reply), its prompt, and what it cites. */
export interface AnswerSource {
  provider: Provider;
  messages: PromptMessage[];
  params: StreamParams;
  citations: Citation[];
  /**
   * The same question with a prompt cut to fit the window a context-length refusal reported
   * (older turns out, a smaller output budget); null when nothing more can go.
   */
  shorter?(overflow: ContextOverflow): AnswerSource | null;
  /** Told of the prompt tokens the service counted for `messages`, to size later prompts by (tokenizer calibration). */
  measured?(promptTokens: number): void;
}

/** What the model thought before answering (reasoning models), and for how long. */
export interface Reasoning {
  text: string;
  ms: number;
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
  /** Null when the model showed no thinking. */
  reasoning: Reasoning | null;
  /** The answer stopped at the output limit. */
  cutShort: boolean;
  /** From the request arriving to the answer's first text; null when no model wrote one (none came, or a canned reply). */
  firstTokenMs: number | null;
}

/** Reads an answer's text as it streams; a failure it answers cuts the answer there, and none of its text is kept. */
export interface AnswerGuard {
  /** Each new piece of text, before it goes out. */
  inspect(piece: string): Promise<Failure | null>;
  /** The whole text of an answer read to its end (not one stopped or failed). */
  finish(content: string): Promise<Failure | null>;
}

export interface RelayRequest {
  writer: AnswerWriter;
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
  /** Longest answer kept (LLM_MAX_ANSWER_CHARS); the stream is cut there. */
  maxAnswerChars: number;
  /** An answer being continued: its text so far, to which this stream appends. */
  continues?: string;
  /** The chat's content check on answers (MODERATION_CHAT=both). */
  guard?: AnswerGuard;
}

export function toCitation(passage: RetrievedPassage): Citation {
  const { chunkId, fileId, fileName, heading, page, excerpt, score } = passage;
  return { chunkId, fileId, fileName, heading, page, excerpt, score };
}

export function describeFailure(error: unknown, log: FastifyBaseLogger): Failure {
  if (isProviderError(error)) {
    // the operator reads what the service said; the user reads what to do about it
    if (error.upstreamMessage !== null) log.warn({ kind: error.kind, upstreamStatus: error.status, upstream: error.upstreamMessage }, 'model service refused');
    return { kind: error.kind, message: error.message, status: error.status, retryAfterSeconds: error.retryAfterSeconds };
  }
  log.error({ err: error }, 'answer stream failed');
  if (isDatabaseUnavailable(error)) return { kind: 'internal', message: databaseUnavailableMessage, status: null };
  return { kind: 'internal', message: 'Something went wrong while answering. Please try again.', status: null };
}

/**
 * What the answer is counted as: the service's figures, else an estimate. A failed answer counts
 * no output tokens (the user got no answer), and its prompt only when the service read it (it
 * said so, or began answering); a continued answer counts the text this stream added.
 */
function answerUsage(
  reported: Usage | null,
  source: AnswerSource | null,
  content: string,
  reasoning: Reasoning | null,
  failed: { started: boolean } | null,
  continues: string | undefined,
): Usage {
  const promptEstimate = () => (source && source.messages.length > 0 ? estimatePromptTokens(source.messages) : 0);
  if (failed) return { promptTokens: reported?.promptTokens ?? (failed.started ? promptEstimate() : 0), completionTokens: 0, reasoningTokens: null };
  if (reported) return { reasoningTokens: null, ...reported };
  const written = continues ? content.slice(continues.length) : content;
  return {
    promptTokens: promptEstimate(),
    completionTokens: estimateTokens(written) + (reasoning ? estimateTokens(reasoning.text) : 0),
    reasoningTokens: reasoning ? estimateTokens(reasoning.text) : null,
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

  const reading = new AnswerReading(request);
  let source: AnswerSource | null = null;
  let failure: Failure | null = null;
  const stopExtra = request.whileStreaming?.(reading.text);
  try {
    let current = await request.compose();
    source = current;
    if (current.citations.length > 0) writer.send({ event: 'citations', data: { citations: current.citations } });
    for (let attempt = 1; ; attempt++) {
      try {
        failure = await reading.read(current);
        break;
      } catch (error) {
        // a context-length refusal comes before any text: the question is asked once more, shorter
        const overflow = isProviderError(error) && error.kind === 'context_too_long' ? error.overflow : null;
        const retry = overflow && attempt === 1 && !reading.wrote && !signal.aborted ? (current.shorter?.(overflow) ?? null) : null;
        if (!retry) throw error;
        log.info({ overflow, upstream: isProviderError(error) ? error.upstreamMessage : null }, 'context too long; asking again with a shorter prompt');
        metrics?.contextRetried();
        current = retry;
        source = retry;
      }
    }
    if (!failure && !signal.aborted && request.guard) failure = await reading.finish(request.guard);
  } catch (error) {
    if (!signal.aborted) {
      failure = describeFailure(error, log);
      metrics?.upstreamError(failure.kind);
    }
  } finally {
    await stopExtra?.();
  }
  const { reported, answeredBy } = reading;
  if (reported && source?.measured && !failure) source.measured(reported.promptTokens);

  const content = reading.kept();
  const reasoning = reading.reasoning();
  const usage = answerUsage(reported, source, content, reasoning, failure ? { started: reading.started } : null, request.continues);
  const cutShort = reading.cutShort && !failure;
  const status = failure ? 'error' : signal.aborted ? 'stopped' : 'done';
  const citations = source?.citations ?? [];
  // the model the service says wrote it, else the one asked for; none for a canned reply
  const model = source?.provider.withoutModel ? null : (answeredBy ?? request.start.model);
  const firstTokenMs = source?.provider.withoutModel ? null : reading.firstTokenMs;
  const told = await request.settle({ status, content, citations, usage, model, failure, reasoning, cutShort, firstTokenMs });

  const { promptTokens, completionTokens, reasoningTokens } = usage;
  const thinking = reasoning ? { reasoningTokens: reasoningTokens ?? null, reasoningMs: reasoning.ms } : {};
  writer.send({ event: 'usage', data: { promptTokens, completionTokens, model, ...thinking } });
  if (told) {
    const { kind, message, status: upstreamStatus, retryAfterSeconds } = told;
    const retryAfter = retryAfterSeconds != null ? { retryAfterSeconds } : {};
    writer.send({ event: 'error', data: { answerId: saved ? request.start.answerId : null, kind, message, status: upstreamStatus, ...retryAfter, retryable: true } });
  } else {
    const done = { answerId: request.start.answerId, status: status === 'done' ? ('done' as const) : ('stopped' as const) };
    writer.send({ event: 'done', data: cutShort ? { ...done, cutShort } : done });
  }
  writer.end();
  metrics?.streamEnded(told ? 'error' : status);

  const stopReason = signal.aborted && signal.reason instanceof StreamStopped ? signal.reason.reason : null;
  const summary = { status: told ? 'error' : status, stopReason, ms: Math.round(performance.now() - startedAt), ...usage, chars: content.length };
  if (told) log.warn({ ...summary, kind: told.kind, upstreamStatus: told.status }, 'answer stream failed');
  else if (signal.aborted) log.info(summary, 'answer stream aborted');
  else log.info(summary, 'answer stream ended');
}
