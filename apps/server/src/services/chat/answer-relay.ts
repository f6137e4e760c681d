import type { FastifyBaseLogger } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Citation, StreamErrorKind, StreamStartEvent } from '@parley/contracts';
import { databaseUnavailableMessage, isDatabaseUnavailable } from '../../db/unavailable.js';
import { isProviderError, type PromptMessage, type Provider, type RetrievedPassage, type StreamParams } from '../../llm/provider.js';
import { estimatePromptTokens, estimateTokens } from '../../llm/token-estimate.js';
import { failures } from '../../llm/openai-errors.js';
import type { ContextOverflow } from '../../llm/vendor-errors.js';
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

/** Thinking goes out at most this often while the model streams it (the answer's deltas are paced by the writer). */
const reasoningIntervalMs = 30;

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
  if (request.continues) received.push(request.continues);
  const thought = textBuffer();
  let thinkingFrom: number | null = null;
  let thinkingMs = 0;
  let thoughtChars = 0;
  let source: AnswerSource | null = null;
  let reported: Usage | null = null;
  let answeredBy: string | null = null;
  let failure: Failure | null = null;
  let cutShort = false;
  /** The first text of this stream went out (a continued answer has text before it). */
  let answering = false;
  let room = request.maxAnswerChars - (request.continues?.length ?? 0);
  let guardCut = false;
  const stopExtra = request.whileStreaming?.(received.text);
  try {
    let current = await request.compose();
    source = current;
    if (current.citations.length > 0) writer.send({ event: 'citations', data: { citations: current.citations } });
    for (let attempt = 1; ; attempt++) {
      // A provider that reads on meanwhile is asked again only when the next frame may go out:
      // the tokens of a frame then come in one hand-over, and the frame goes out at once.
      const paced = current.provider.buffersText === true;
      let wrote = false;
      try {
        for await (const chunk of current.provider.stream(current.messages, current.params, signal)) {
          if (signal.aborted) break;
          if (chunk.type === 'usage') {
            reported = { promptTokens: chunk.promptTokens, completionTokens: chunk.completionTokens, reasoningTokens: chunk.reasoningTokens ?? null };
            continue;
          }
          if (chunk.type === 'model') {
            answeredBy = chunk.name;
            continue;
          }
          if (chunk.type === 'cut_short') {
            cutShort = true;
            continue;
          }
          if (chunk.text === '') continue;
          wrote = true;
          if (chunk.type === 'reasoning') {
            thinkingFrom ??= performance.now();
            thoughtChars += chunk.text.length;
            if (thoughtChars > request.maxAnswerChars) throw failures.tooLong(`the model's thinking passed the site's limit of ${request.maxAnswerChars.toLocaleString('en-US')} characters`);
            thought.push(chunk.text);
            writer.send({ event: 'reasoning', data: { text: chunk.text } });
            if (paced) await sleep(reasoningIntervalMs);
            continue;
          }
          if (thinkingFrom !== null && thinkingMs === 0) thinkingMs = Math.max(1, Math.round(performance.now() - thinkingFrom));
          const text = chunk.text.length > room ? chunk.text.slice(0, room) : chunk.text;
          room -= text.length;
          const cut = await request.guard?.inspect(text);
          if (cut) {
            failure = cut;
            guardCut = true;
            break;
          }
          if (!answering) metrics?.firstToken((performance.now() - context.receivedAt) / 1000);
          answering = true;
          if (text !== '') {
            received.push(text);
            writer.delta(text);
          }
          if (room <= 0) throw failures.tooLong(`it reached the site's limit of ${request.maxAnswerChars.toLocaleString('en-US')} characters`);
          if (writer.congested) await writer.drained(signal);
          else if (paced && writer.untilNextDelta > 0) await sleep(writer.untilNextDelta);
        }
        break;
      } catch (error) {
        // a context-length refusal comes before any text: the question is asked once more, shorter
        const overflow = isProviderError(error) && error.kind === 'context_too_long' ? error.overflow : null;
        const retry: AnswerSource | null = overflow && attempt === 1 && !wrote && !signal.aborted ? (current.shorter?.(overflow) ?? null) : null;
        if (!retry) throw error;
        log.info({ overflow, upstream: isProviderError(error) ? error.upstreamMessage : null }, 'context too long; asking again with a shorter prompt');
        metrics?.contextRetried();
        current = retry;
        source = retry;
      }
    }
    if (!failure && !signal.aborted && request.guard) {
      failure = await request.guard.finish(received.text());
      guardCut = failure !== null;
    }
  } catch (error) {
    if (!signal.aborted) {
      failure = describeFailure(error, log);
      metrics?.upstreamError(failure.kind);
    }
  } finally {
    await stopExtra?.();
  }
  if (thinkingFrom !== null && thinkingMs === 0) thinkingMs = Math.max(1, Math.round(performance.now() - thinkingFrom));
  if (reported && source?.measured && !failure) source.measured(reported.promptTokens);

  // a flagged answer keeps none of its text
  const content = guardCut ? '' : received.text();
  const reasoning = thought.empty || guardCut ? null : { text: thought.text(), ms: thinkingMs };
  const started = received.text().length > (request.continues?.length ?? 0) || !thought.empty;
  const usage = answerUsage(reported, source, content, reasoning, failure ? { started } : null, request.continues);
  const status = failure ? 'error' : signal.aborted ? 'stopped' : 'done';
  const citations = source?.citations ?? [];
  // the model the service says wrote it, else the one asked for; none for a canned reply
  const model = source?.provider.withoutModel ? null : (answeredBy ?? request.start.model);
  const told = await request.settle({ status, content, citations, usage, model, failure, reasoning, cutShort: cutShort && !failure });

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
