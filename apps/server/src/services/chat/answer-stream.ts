import type { FastifyBaseLogger } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ChatParams, Citation, StreamErrorKind } from '@parley/contracts';
import type { AppRow } from '../../db/repos/app-repo.js';
import { interruptedMessage, type ChatItemRow, type ChatRepo, type ChatRow } from '../../db/repos/chat-repo.js';
import { databaseUnavailableMessage, isDatabaseUnavailable } from '../../db/unavailable.js';
import type { KnowledgeSearchRepo } from '../../db/repos/knowledge-search-repo.js';
import type { UnansweredRepo } from '../../db/repos/unanswered-repo.js';
import type { Owner } from '../../db/repos/owner-scope.js';
import { asksForFacts, noSourceReply } from '../../llm/no-source.js';
import { buildPrompt } from '../../llm/prompt.js';
import { chunkText } from '../../llm/offline-responder.js';
import { isProviderError, type PromptMessage, type Provider, type RetrievedPassage, type ProviderChunk, type StreamParams } from '../../llm/provider.js';
import type { SseWriter } from '../../platform/sse-writer.js';
import { estimatePromptTokens, estimateTokens } from '../../llm/token-estimate.js';
import type { ChatStreamMetrics } from './chat-metrics.js';
import { StreamStopped } from '../../platform/stream-registry.js';

/** A question saved and its answer placeholder created, ready to be answered. */
export interface PreparedAnswer {
  owner: Owner;
  app: AppRow;
  chat: ChatRow;
  question: ChatItemRow;
  answer: ChatItemRow;
  model: string;
  usingContext: boolean;
  params: ChatParams;
  /** Aborted by Stop Responding, a client disconnect or shutdown. */
  controller: AbortController;
  /** Releases the chat for the next stream (the service calls it however the stream ends). */
  release: () => void;
  /** The question's retrieval when it was started alongside saving the question (ask); else it runs first thing in the stream. */
  retrieval?: Promise<Retrieved>;
}

/** What retrieval found for a question: knowledge passages and, for the official assistant, broker facts. */
export interface Retrieved {
  found: RetrievedPassage[];
  facts: RetrievedPassage[];
}

export interface StreamContext {
  log: FastifyBaseLogger;
  metrics: ChatStreamMetrics;
  requestId: string;
  /** performance.now() when the request arrived, for time to first token. */
  receivedAt: number;
}

export interface AnswerStreamDeps {
  chats: (owner: Owner) => ChatRepo;
  knowledge: Pick<KnowledgeSearchRepo, 'search'>;
  /** Where an agent's questions without a reliable source are counted for its owner. */
  unanswered: Pick<UnansweredRepo, 'record'>;
  llm: Provider;
  /** Facts from the broker tables for a question to the official assistant. */
  brokerFacts?: (question: string) => Promise<RetrievedPassage[]>;
  settings: {
    contextTokens: number;
    maxOutputTokens: number;
    /** How often a long answer's text is saved while it streams (crash safety and liveness). */
    progressSaveMs: number;
    /** Retrieved passages scoring below this are neither put in the prompt nor cited. */
    minKnowledgeScore: number;
  };
  /** Told of the tokens an answer used once it is saved; must not throw. */
  onUsage?: (owner: Owner, tokens: number) => Promise<void>;
}

function unsavedMessage(error: unknown): string {
  return isDatabaseUnavailable(error)
    ? `The answer could not be saved: ${databaseUnavailableMessage}`
    : 'The answer could not be saved. Please try again.';
}

/** Earlier turns considered for the prompt; the token budget usually keeps far fewer. */
const maxContextItems = 200;

interface Failure {
  kind: StreamErrorKind;
  message: string;
  status: number | null;
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

/** A fixed answer, streamed in pieces as a model's would be. */
async function* cannedReply(text: string): AsyncGenerator<ProviderChunk> {
  for (const piece of chunkText(text)) yield { type: 'delta', text: piece };
}

/** Saves the text so far every `intervalMs` (one write at a time) until stopped. */
function startProgressSaver(save: () => Promise<void>, intervalMs: number, log: FastifyBaseLogger) {
  let pending: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (pending) return;
    pending = save()
      .catch((error: unknown) => log.warn({ err: error }, 'saving answer progress failed'))
      .finally(() => {
        pending = null;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await pending;
  };
}

/**
 * Streams one answer: retrieval, prompt, model, SSE events, and the answer's final state
 * saved once at the end (whatever ends it: done, stopped, failed or cut off by shutdown).
 */
export function createAnswerStreamer(deps: AnswerStreamDeps) {
  /** The knowledge passages and broker facts for a question: read-only, so it may start before the question is saved. */
  async function retrieve(app: AppRow, question: string): Promise<Retrieved> {
    const [found, facts] = await Promise.all([
      deps.knowledge.search(app.id, question),
      app.isOfficial && deps.brokerFacts ? deps.brokerFacts(question) : [],
    ]);
    return { found, facts };
  }

  /** Retrieval, citations and the prompt for the question. */
  async function composeRequest(prepared: PreparedAnswer, chats: ChatRepo, log: FastifyBaseLogger) {
    const { app, chat, question } = prepared;
    // earlier turns are read alongside retrieval: the model is asked as soon as both are in
    const [{ found, facts }, history] = await Promise.all([
      prepared.retrieval ?? retrieve(app, question.content),
      prepared.usingContext ? chats.contextTurns(chat.id, question.seq, maxContextItems) : [],
    ]);
    const relevant = found.filter((passage) => passage.score >= deps.settings.minKnowledgeScore);
    const knowledge = [...facts, ...relevant];
    // an agent's question its knowledge does not cover goes to the owner's list; a strict agent
    // then says it has no reliable source instead of letting the model answer from elsewhere
    const unsourced = !app.isOfficial && relevant.length === 0 && asksForFacts(question.content);
    if (unsourced) {
      await deps.unanswered.record(app.id, question.content).catch((error: unknown) => {
        if (isDatabaseUnavailable(error)) throw error;
        log.warn({ err: error, appId: app.id }, 'recording an unanswered question failed');
      });
      if (app.knowledgeMode === 'strict') return { refusal: noSourceReply(question.content) } as const;
    }
    const sources = deps.llm.sourcesFor?.({ question: question.content, knowledge }) ?? knowledge;
    const prompt = buildPrompt({
      app,
      params: prepared.params,
      knowledge,
      history,
      question: question.content,
      usingContext: prepared.usingContext,
      contextTokens: deps.settings.contextTokens,
      maxOutputTokens: deps.settings.maxOutputTokens,
    });
    const params: StreamParams = {
      model: prepared.model,
      temperature: prompt.temperature,
      topP: prompt.topP,
      maxOutputTokens: deps.settings.maxOutputTokens,
      knowledge,
      question: question.content,
      assistant: { name: app.name, intro: app.intro },
    };
    return { refusal: null, messages: prompt.messages, params, citations: sources.map(toCitation) };
  }

  async function stream(prepared: PreparedAnswer, writer: SseWriter, context: StreamContext) {
    const { app, chat, question, answer, model, controller } = prepared;
    const signal = controller.signal;
    const chats = deps.chats(prepared.owner);
    const log = context.log.child({ chatId: chat.id, answerId: answer.id });
    const startedAt = performance.now();

    writer.open({ 'x-request-id': context.requestId });
    context.metrics.streamStarted();
    log.info({ appId: app.id, model, usingContext: prepared.usingContext }, 'answer stream started');
    writer.send({
      event: 'start',
      data: { chatId: chat.id, title: chat.title, questionId: question.id, answerId: answer.id, model },
    });

    let parts: string[] = [];
    const text = () => {
      if (parts.length > 1) parts = [parts.join('')];
      return parts[0] ?? '';
    };
    let messages: PromptMessage[] = [];
    let citations: Citation[] = [];
    let reported: { promptTokens: number; completionTokens: number } | null = null;
    let failure: Failure | null = null;
    const stopSaving = startProgressSaver(() => chats.saveProgress(answer.id, text()), deps.settings.progressSaveMs, log);

    try {
      const request = await composeRequest(prepared, chats, log);
      // a strict agent's "no reliable source" is said without asking the model
      const reply = request.refusal === null ? deps.llm.stream(request.messages, request.params, signal) : cannedReply(request.refusal);
      const paced = request.refusal === null && deps.llm.buffersText === true;
      if (request.refusal === null) {
        messages = request.messages;
        citations = request.citations;
        if (citations.length > 0) writer.send({ event: 'citations', data: { citations } });
      }
      for await (const chunk of reply) {
        if (signal.aborted) break;
        if (chunk.type === 'usage') {
          reported = { promptTokens: chunk.promptTokens, completionTokens: chunk.completionTokens };
          continue;
        }
        if (chunk.text === '') continue;
        if (parts.length === 0) context.metrics.firstToken((performance.now() - context.receivedAt) / 1000);
        parts.push(chunk.text);
        writer.delta(chunk.text);
        if (writer.congested) await writer.drained(signal);
        // A provider that reads on meanwhile is asked again only when the next frame may go out:
        // the tokens of a frame then come in one hand-over, and the frame goes out at once.
        else if (paced && writer.untilNextDelta > 0) await sleep(writer.untilNextDelta);
      }
    } catch (error) {
      if (!signal.aborted) {
        failure = describeFailure(error, log);
        context.metrics.upstreamError(failure.kind);
      }
    } finally {
      await stopSaving();
    }

    const stopReason = signal.aborted && signal.reason instanceof StreamStopped ? signal.reason.reason : null;
    if (stopReason === 'shutdown') failure = { kind: 'internal', message: interruptedMessage, status: null };
    const status = failure ? 'error' : signal.aborted ? 'stopped' : 'done';
    const content = text();
    const usage = reported ?? {
      promptTokens: messages.length > 0 ? estimatePromptTokens(messages) : 0,
      completionTokens: estimateTokens(content),
    };

    let saved = false;
    try {
      await chats.finishAnswer(answer.id, { status, content, error: failure?.message ?? null, citations, model, ...usage });
      saved = true;
      await deps.onUsage?.(prepared.owner, usage.promptTokens + usage.completionTokens);
    } catch (error) {
      log.error({ err: error }, 'saving the answer failed');
      // The browser must not be told "done" for an answer its chat will not show, unless the
      // session itself ended it (signed out, account deleted): then there is no chat to show.
      if (!saved && !failure && stopReason !== 'revoked') failure = { kind: 'internal', message: unsavedMessage(error), status: null };
    }

    writer.send({ event: 'usage', data: usage });
    if (failure) {
      writer.send({ event: 'error', data: { answerId: answer.id, ...failure, retryable: true } });
    } else {
      writer.send({ event: 'done', data: { answerId: answer.id, status: status === 'done' ? 'done' : 'stopped' } });
    }
    writer.end();
    context.metrics.streamEnded(failure ? 'error' : status);
    const summary = { status, stopReason, ms: Math.round(performance.now() - startedAt), ...usage, chars: content.length };
    if (failure) log.warn({ ...summary, kind: failure.kind, upstreamStatus: failure.status }, 'answer stream failed');
    else if (stopReason) log.info(summary, 'answer stream aborted');
    else log.info(summary, 'answer stream ended');
  }

  return { retrieve, stream };
}

export type AnswerStreamer = ReturnType<typeof createAnswerStreamer>;
