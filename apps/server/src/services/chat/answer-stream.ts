import type { FastifyBaseLogger } from 'fastify';
import type { ChatParams } from '@parley/contracts';
import type { AppRow } from '../../db/repos/app-repo.js';
import { interruptedMessage } from '../../db/repos/abandoned-answers.js';
import type { AnswerPiece, ChatItemRow, ChatRepo, ChatRow } from '../../db/repos/chat-repo.js';
import { databaseUnavailableMessage, isDatabaseUnavailable } from '../../db/unavailable.js';
import type { ContextTurn } from '../../db/repos/context-turns.js';
import type { KnowledgeSearchRepo } from '../../db/repos/knowledge-search-repo.js';
import type { UnansweredRepo } from '../../db/repos/unanswered-repo.js';
import type { Owner } from '../../db/repos/owner-scope.js';
import { cannedReply } from '../../llm/canned-reply.js';
import { asksForFacts, noSourceReply } from '../../llm/no-source.js';
import type { AssistantTopics, Provider, RetrievedPassage } from '../../llm/provider.js';
import type { TokenCounter } from '../../llm/token-count.js';
import type { AnswerWriter } from '../../platform/answer-writer.js';
import { StreamStopped } from '../../platform/stream-registry.js';
import { relayAnswer, toCitation, type AnswerGuard, type AnswerSource, type Failure, type RelayedAnswer, type StreamContext } from './answer-relay.js';
import { promptSource } from './prompt-source.js';

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
  /** Continue: the answer's text so far, which the model goes on from. */
  continues?: string;
  /** The earlier turns the caller sent with the question (the API): the context instead of the chat's saved turns. */
  history?: ContextTurn[];
}

/** What retrieval found for a question: knowledge passages and, for the official assistant, broker facts. */
export interface Retrieved {
  found: RetrievedPassage[];
  facts: RetrievedPassage[];
}

export interface AnswerStreamDeps {
  chats: (owner: Owner) => ChatRepo;
  knowledge: Pick<KnowledgeSearchRepo, 'search'>;
  /** Where an agent's questions without a reliable source are counted for its owner. */
  unanswered: Pick<UnansweredRepo, 'record'>;
  llm: Provider;
  /** Facts from the broker tables for a question to the official assistant. */
  brokerFacts?: (question: string) => Promise<RetrievedPassage[]>;
  /** What the official assistant can help with: the offline responder lists it when it cannot answer. */
  officialTopics?: AssistantTopics;
  /** Counts a model's prompt tokens as that model will. */
  tokenCounter: (model: string) => TokenCounter;
  settings: {
    /** The window of a model LLM_MODELS gives none (LLM_CONTEXT_TOKENS). */
    contextTokens: number;
    /** Windows LLM_MODELS gives its models by name. */
    modelContextTokens?: Readonly<Record<string, number>>;
    maxOutputTokens: number;
    /** Longest answer kept (LLM_MAX_ANSWER_CHARS). */
    maxAnswerChars: number;
    /** How often a long answer's text is saved while it streams (crash safety and liveness). */
    progressSaveMs: number;
    /** Retrieved passages scoring below this are neither put in the prompt nor cited. */
    minKnowledgeScore: number;
  };
  /** Told of the tokens an answer used once it is saved; must not throw. */
  onUsage?: (owner: Owner, tokens: number) => Promise<void>;
  /** The content check on an answer as it streams, when MODERATION_CHAT asks for one. */
  guardAnswer: (about: { log: FastifyBaseLogger; appId: string }) => AnswerGuard | undefined;
}

function unsavedMessage(error: unknown): string {
  return isDatabaseUnavailable(error)
    ? `The answer could not be saved: ${databaseUnavailableMessage}`
    : 'The answer could not be saved. Please try again.';
}

/** Earlier turns considered for the prompt; the token budget usually keeps far fewer. */
const maxContextItems = 200;

/**
 * Every `intervalMs` (one write at a time, until stopped) saves what `text` gained since the last
 * save, beginning at `from` (a continued answer's saved part): each save costs the size of what
 * came, not of the answer. A failed save is retried with the next one, from the same place.
 */
function startProgressSaver(save: (piece: AnswerPiece) => Promise<void>, text: () => string, from: number, intervalMs: number, log: FastifyBaseLogger) {
  let saved = from;
  let pending: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (pending) return;
    const sofar = text();
    pending = save({ startsAt: saved, text: sofar.slice(saved) })
      .then(() => {
        saved = Math.max(saved, sofar.length);
      })
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
 * A chat's answers: retrieval, the prompt (or a strict agent's refusal), the relay to the
 * browser, and the answer's final state saved once at the end (done, stopped, failed or cut
 * off by shutdown).
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

  /**
   * Retrieval, citations and the prompt for the question, or a strict agent's canned refusal.
   * An unsourced question is recorded for the owner while the model is asked: `recording` gets
   * the write, which settles (never rejects) before the answer is saved.
   */
  async function composeRequest(
    prepared: PreparedAnswer,
    chats: ChatRepo,
    log: FastifyBaseLogger,
    recording: (write: Promise<void>) => void,
  ): Promise<AnswerSource> {
    const { app, chat, question } = prepared;
    // earlier turns are read alongside retrieval: the model is asked as soon as both are in
    const [{ found, facts }, history] = await Promise.all([
      prepared.retrieval ?? retrieve(app, question.content),
      prepared.history ?? (prepared.usingContext ? chats.contextTurns(chat.id, question.seq, maxContextItems) : []),
    ]);
    const relevant = found.filter((passage) => passage.score >= deps.settings.minKnowledgeScore);
    const knowledge = [...facts, ...relevant];
    const request = {
      model: prepared.model,
      knowledge,
      question: question.content,
      assistant: { name: app.name, intro: app.intro, ...(app.isOfficial && deps.officialTopics ? { topics: deps.officialTopics } : {}) },
    };
    // a question the knowledge does not cover goes to the owner's list (the operators' for the
    // official assistant); a strict agent then says it has no reliable source instead of letting
    // the model answer from elsewhere
    const unsourced = relevant.length === 0 && asksForFacts(question.content) && prepared.continues === undefined;
    if (unsourced) {
      // a database that cannot take it cannot take the answer either: saving that reports it
      recording(
        deps.unanswered.record(app.id, question.content, question.id).catch((error: unknown) => {
          log.warn({ err: error, appId: app.id }, 'recording an unanswered question failed');
        }),
      );
      if (app.knowledgeMode === 'strict' && !app.isOfficial) {
        const refusal = cannedReply(noSourceReply(question.content));
        return { provider: refusal, messages: [], params: { ...request, maxOutputTokens: 0, temperature: 0, topP: 1 }, citations: [] };
      }
    }
    const sources = deps.llm.sourcesFor?.({ question: question.content, knowledge }) ?? knowledge;
    return promptSource({
      provider: deps.llm,
      request,
      app,
      params: prepared.params,
      knowledge,
      history,
      question: question.content,
      usingContext: prepared.usingContext,
      ...(prepared.continues !== undefined ? { continuation: prepared.continues } : {}),
      citations: sources.map(toCitation),
      budget: {
        contextTokens: deps.settings.modelContextTokens?.[prepared.model] ?? deps.settings.contextTokens,
        maxOutputTokens: deps.settings.maxOutputTokens,
      },
      counter: deps.tokenCounter(prepared.model),
    });
  }

  /**
   * Saves the answer's final state, whatever ended it, and answers what the browser is told:
   * shutdown ends it as interrupted, and an answer that could not be saved is not "done".
   */
  async function keep(prepared: PreparedAnswer, chats: ChatRepo, relayed: RelayedAnswer, log: FastifyBaseLogger) {
    const { signal } = prepared.controller;
    const stopReason = signal.aborted && signal.reason instanceof StreamStopped ? signal.reason.reason : null;
    let failure: Failure | null =
      stopReason === 'shutdown' ? { kind: 'internal', message: interruptedMessage, status: null } : relayed.failure;
    const { content, usage, model, reasoning } = relayed;
    // a failed answer shows no sources: nothing was answered from them
    const citations = failure ? [] : relayed.citations;
    let saved = false;
    try {
      const status = failure ? 'error' : relayed.status;
      await chats.finishAnswer(prepared.answer.id, {
        status,
        content,
        error: failure?.message ?? null,
        errorKind: failure?.kind ?? null,
        citations,
        model: prepared.model,
        writtenBy: model,
        promptTokens: usage.promptTokens,
        completionTokens: usage.completionTokens,
        reasoning: reasoning?.text ?? null,
        reasoningMs: reasoning?.ms ?? null,
        reasoningTokens: usage.reasoningTokens ?? null,
        cutShort: relayed.cutShort,
        firstTokenMs: relayed.firstTokenMs,
      });
      saved = true;
      await deps.onUsage?.(prepared.owner, usage.promptTokens + usage.completionTokens);
    } catch (error) {
      log.error({ err: error }, 'saving the answer failed');
      // The browser must not be told "done" for an answer its chat will not show, unless the
      // session itself ended it (signed out, account deleted): then there is no chat to show.
      if (!saved && !failure && stopReason !== 'revoked') failure = { kind: 'internal', message: unsavedMessage(error), status: null };
    }
    return failure;
  }

  /** Streams one answer through the relay; its final state is saved once, at the end. */
  async function stream(prepared: PreparedAnswer, writer: AnswerWriter, context: StreamContext) {
    const { app, chat, question, answer, model } = prepared;
    const chats = deps.chats(prepared.owner);
    const log = context.log.child({ chatId: chat.id, answerId: answer.id });
    log.info({ appId: app.id, model, usingContext: prepared.usingContext }, 'answer stream started');
    let unansweredRecorded: Promise<void> = Promise.resolve();
    await relayAnswer({
      writer,
      signal: prepared.controller.signal,
      kind: 'chat',
      context: { ...context, log },
      start: { chatId: chat.id, title: chat.title, questionId: question.id, answerId: answer.id, model, ...(prepared.continues !== undefined ? { continuesFrom: prepared.continues.length } : {}) },
      ...(prepared.continues !== undefined ? { continues: prepared.continues } : {}),
      compose: () => composeRequest(prepared, chats, log, (write) => (unansweredRecorded = write)),
      whileStreaming: (text) =>
        startProgressSaver((piece) => chats.saveProgress(answer.id, piece), text, prepared.continues?.length ?? 0, deps.settings.progressSaveMs, log),
      settle: async (relayed) => {
        await unansweredRecorded;
        return keep(prepared, chats, relayed, log);
      },
      maxAnswerChars: deps.settings.maxAnswerChars,
      guard: deps.guardAnswer({ log, appId: app.id }),
    });
  }

  return { retrieve, stream };
}

export type AnswerStreamer = ReturnType<typeof createAnswerStreamer>;
