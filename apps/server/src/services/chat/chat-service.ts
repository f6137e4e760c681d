import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { chatLimits, type ChatParams, type completionsRequest, type continueRequest, type regenerateRequest } from '@parley/contracts';
import { isChatOpen, type AppRepo, type ChatApp } from '../../db/repos/app-repo.js';
import type { ChatRepo, TurnResult } from '../../db/repos/chat-repo.js';
import type { ChatChannel } from '../../db/schema/chats.js';
import type { ContextTurn } from '../../db/repos/context-turns.js';
import { ownerKey, type Owner } from '../../db/repos/owner-scope.js';
import type { UsageRepo } from '../../db/repos/usage-repo.js';
import { AppError } from '../../platform/app-error.js';
import type { ServerResponse } from 'node:http';
import type { AnswerWriter } from '../../platform/answer-writer.js';
import { SseWriter } from '../../platform/sse-writer.js';
import type { StreamContext } from './answer-relay.js';
import type { AnswerStreamer, PreparedAnswer, Retrieved } from './answer-stream.js';
import type { ModelChoice } from './model-choice.js';
import type { StreamLog, LoggedEvent } from '../../platform/stream-log.js';
import { StreamStopped, type StreamRegistry } from '../../platform/stream-registry.js';

export type CompletionsInput = z.output<typeof completionsRequest>;
export type RegenerateInput = z.output<typeof regenerateRequest>;
export type ContinueInput = z.output<typeof continueRequest>;

/** An answer found still streaming (on any instance), ready to be followed from an offset. */
export interface PreparedResume {
  answerId: string;
  after: number;
  events: AsyncIterable<LoggedEvent>;
  /** Ends the following (the client went away). */
  controller: AbortController;
}

export interface ChatServiceDeps {
  apps: AppRepo;
  chats: (owner: Owner) => ChatRepo;
  usage: UsageRepo;
  registry: StreamRegistry;
  /** Every answer's events, for resuming after a lost connection or a reload. */
  streamLog: StreamLog;
  answers: AnswerStreamer;
  /** Which model answers in a chat, and what a request may pick. */
  models: ModelChoice;
  /** Marks answers left 'streaming' by a dead process, untouched for `staleAfterMs`. */
  markInterrupted: (staleAfterMs: number) => Promise<number>;
  /**
   * The content check on questions (MODERATION_CHAT): reads what it needs, then answers the
   * check, which throws QUESTION_REFUSED. Read alongside the app's lookup.
   */
  prepareQuestionCheck: (log: FastifyBaseLogger) => Promise<(question: string, about: { log: FastifyBaseLogger; appId: string }) => Promise<void>>;
  settings: {
    visitorDailyMessages: number;
    /** A 'streaming' answer untouched this long belongs to a process that died. */
    staleAfterMs: number;
    /** After the client went away, the answer goes on this long for a resume; unwatched then, it stops. */
    resumeGraceMs: number;
  };
}

const widgetOffMessage = "This agent's owner no longer offers it on other websites.";
const busyMessage = 'An answer is still being written in this chat. Stop it or wait for it to finish.';
const notCutShortMessage = "This chat's last answer was not cut short, so there is nothing to continue.";

/** A new chat is named after its first question: one line, at most titleMaxChars characters. */
export function titleFor(question: string): string {
  const line = question.replace(/\s+/g, ' ').trim();
  return Array.from(line).slice(0, chatLimits.titleMaxChars).join('');
}

/**
 * Asking, regenerating and stopping. Everything that can refuse a question (validation aside)
 * happens here, before any stream starts, so refusals are plain JSON envelopes.
 */
export function createChatService(deps: ChatServiceDeps) {
  const { settings } = deps;
  let recheck: NodeJS.Timeout | undefined;
  const running = new Set<Promise<void>>();
  let accepting = true;

  function ensureAccepting() {
    if (!accepting) throw new AppError('SHUTTING_DOWN');
  }

  function ensureOpen(app: ChatApp, owner: Owner, channel: ChatChannel) {
    if (channel === 'widget' && app.row.widgetOrigins.length === 0) throw new AppError('APP_UNAVAILABLE', widgetOffMessage);
    if (isChatOpen(app, owner.userId, channel)) return;
    const hidden = app.row.deletedAt === null && app.row.hiddenAt !== null;
    throw new AppError('APP_UNAVAILABLE', hidden ? 'An operator hid this agent, so it takes no new questions.' : undefined);
  }

  /** Whether a visitor used up today's messages; asked alongside the app's lookup, refused after it. */
  async function quotaUsedUp(owner: Owner): Promise<boolean> {
    if (owner.visitorId === null) return false;
    return (await deps.usage.messagesToday(owner)) >= settings.visitorDailyMessages;
  }

  /**
   * An existing chat a stream goes on in (regenerate, continue): the caller's, with its app still
   * open to them; whether the visitor used up today's messages is asked alongside.
   */
  async function openChat(owner: Owner, chatId: string) {
    ensureAccepting();
    const chats = deps.chats(owner);
    const chat = await chats.findChat(chatId);
    if (!chat) throw new AppError('NOT_FOUND', 'This chat does not exist.');
    const [app, usedUp] = await Promise.all([deps.apps.findForChat(chat.appId, owner.userId, chat.channel), quotaUsedUp(owner)]);
    if (!app) throw new AppError('APP_UNAVAILABLE');
    ensureOpen(app, owner, chat.channel);
    return { chats, chat, app, usedUp };
  }

  /**
   * Claims the chat, saves the turn, counts the message; on refusal nothing stays claimed.
   * `picked`: the chat's model pick as this turn leaves it (null: none).
   */
  async function claimAndSave(
    owner: Owner,
    chatId: string,
    app: ChatApp,
    picked: string | null,
    save: (model: string) => Promise<TurnResult>,
    request: {
      usingContext: boolean;
      params: CompletionsInput['params'];
      retrieval?: Promise<Retrieved>;
      continues?: boolean;
      history?: ContextTurn[];
    },
    sessionKey: string | undefined,
  ): Promise<PreparedAnswer> {
    const controller = new AbortController();
    if (!deps.registry.register(chatId, ownerKey(owner), controller, sessionKey)) {
      throw new AppError('CONFLICT', busyMessage);
    }
    const release = () => deps.registry.unregister(chatId, controller);
    try {
      const model = deps.models.modelFor(app.row, picked);
      const saved = await save(model);
      if (saved.outcome === 'busy') throw new AppError('CONFLICT', busyMessage);
      if (saved.outcome === 'not_found') throw new AppError('NOT_FOUND', 'This chat does not exist.');
      if (saved.outcome === 'no_question') throw new AppError('NOT_FOUND', 'This chat has no question to answer.');
      if (saved.outcome === 'not_cut_short') throw new AppError('CONFLICT', notCutShortMessage);
      const { chat, question, answer } = saved;
      // a continued answer goes on with the model that began it
      const continues = request.continues ? answer.content : undefined;
      const used = continues !== undefined ? (answer.requestedModel ?? model) : model;
      return { owner, app: app.row, chat, question, answer, model: used, controller, release, ...request, continues };
    } catch (error) {
      release();
      throw error;
    }
  }

  return {
    /**
     * POST completions: validates, runs the content check, saves the question (and the chat when
     * new, or the request's model pick) before any model call. `sessionKey` ties the stream to the
     * caller's sign-in, which may end it; `log` is the request's, for what the content check reports.
     */
    async ask(owner: Owner, input: CompletionsInput, sessionKey: string | undefined, log: FastifyBaseLogger): Promise<PreparedAnswer> {
      ensureAccepting();
      const chats = deps.chats(owner);
      const chat = input.chatId ? await chats.findChat(input.chatId) : null;
      if (input.chatId && (!chat || (input.appId && input.appId !== chat.appId))) {
        throw new AppError('NOT_FOUND', 'This chat does not exist.');
      }
      const appId = chat?.appId ?? input.appId;
      // an existing chat keeps the channel it was started in
      const channel = chat?.channel ?? input.channel;
      const [app, usedUp, checkQuestion] = await Promise.all([
        appId ? deps.apps.findForChat(appId, owner.userId, channel) : deps.apps.findOfficial(),
        quotaUsedUp(owner),
        deps.prepareQuestionCheck(log),
      ]);
      // an existing chat whose app turned private is closed, not unknown
      if (!app) throw chat ? new AppError('APP_UNAVAILABLE') : new AppError('NOT_FOUND', 'This app does not exist.');
      ensureOpen(app, owner, channel);
      const pick = deps.models.pickOf(app.row, input.model);
      if (usedUp) throw new AppError('QUOTA_EXCEEDED');
      // before retrieval too: with embeddings, retrieval sends the question to a model
      await checkQuestion(input.content, { log, appId: app.row.id });

      const chatId = chat?.id ?? randomUUID();
      // Retrieval only reads, so it runs while the question is saved (the model is still asked
      // after the save); if the question is refused meanwhile, its result is dropped.
      const retrieval = deps.answers.retrieve(app.row, input.content);
      retrieval.catch(() => undefined);
      // a new chat has no earlier turns: its prompt needs no read of them
      const request = { usingContext: input.usingContext, params: input.params, retrieval, ...(chat ? {} : { history: [] }) };
      return claimAndSave(
        owner,
        chatId,
        app,
        pick === undefined ? (chat?.model ?? null) : pick,
        async (model) => {
          const asked = { ownerId: app.row.ownerId, isOfficial: app.row.isOfficial };
          const slot = { question: input.content, model, staleAfterMs: settings.staleAfterMs, app: asked };
          if (chat) return chats.addQuestion({ chatId, ...slot, chatModel: pick });
          const title = titleFor(input.content);
          const created = await chats.startChat({ chatId, appId: app.row.id, title, chatModel: pick, channel, ...slot });
          return { outcome: 'saved', ...created };
        },
        request,
        sessionKey,
      );
    },

    /**
     * `/v1/chat/completions`: a question through an agent key, asked as the key's visitor in a
     * new chat (channel api) whose context is the call's earlier messages. The key's own limits
     * were checked by the caller; a visitor's daily messages do not apply.
     */
    async askByKey(
      owner: Owner,
      app: ChatApp,
      input: { question: string; history: ContextTurn[]; params: ChatParams },
      log: FastifyBaseLogger,
    ): Promise<PreparedAnswer> {
      ensureAccepting();
      const checkQuestion = await deps.prepareQuestionCheck(log);
      await checkQuestion(input.question, { log, appId: app.row.id });
      const chats = deps.chats(owner);
      const chatId = randomUUID();
      const retrieval = deps.answers.retrieve(app.row, input.question);
      retrieval.catch(() => undefined);
      const request = { usingContext: input.history.length > 0, params: input.params, retrieval, history: input.history };
      return claimAndSave(
        owner,
        chatId,
        app,
        null,
        async (model) => {
          const asked = { ownerId: app.row.ownerId, isOfficial: app.row.isOfficial };
          const slot = { question: input.question, model, staleAfterMs: settings.staleAfterMs, app: asked };
          const created = await chats.startChat({ chatId, appId: app.row.id, title: titleFor(input.question), chatModel: null, channel: 'api', ...slot });
          return { outcome: 'saved', ...created };
        },
        request,
        undefined,
      );
    },

    /**
     * POST regenerate: the chat's last question answered again, replacing the answer after it,
     * by the chat's model or the one the request picks (then saved with the chat).
     */
    async regenerate(owner: Owner, input: RegenerateInput, sessionKey?: string): Promise<PreparedAnswer> {
      const { chats, chat, app, usedUp } = await openChat(owner, input.chatId);
      const pick = deps.models.pickOf(app.row, input.model);
      if (usedUp) throw new AppError('QUOTA_EXCEEDED');
      return claimAndSave(
        owner,
        chat.id,
        app,
        pick === undefined ? chat.model : pick,
        (model) => chats.redoLastAnswer({ chatId: chat.id, model, chatModel: pick, staleAfterMs: settings.staleAfterMs }),
        { usingContext: input.usingContext, params: input.params },
        sessionKey,
      );
    },

    /** POST continue: the chat's last answer, cut short at the output limit, goes on where it stopped. */
    async continueAnswer(owner: Owner, input: ContinueInput, sessionKey?: string): Promise<PreparedAnswer> {
      const { chats, chat, app, usedUp } = await openChat(owner, input.chatId);
      if (usedUp) throw new AppError('QUOTA_EXCEEDED');
      return claimAndSave(
        owner,
        chat.id,
        app,
        chat.model,
        () => chats.reopenCutShort({ chatId: chat.id, staleAfterMs: settings.staleAfterMs }),
        { usingContext: input.usingContext, params: input.params, continues: true },
        sessionKey,
      );
    },

    /** Streams a prepared answer; the chat is released however the stream ends. */
    async stream(prepared: PreparedAnswer, res: ServerResponse, context: StreamContext): Promise<void> {
      const recorder = deps.streamLog.open(prepared.answer.id, ownerKey(prepared.owner));
      const writer = new SseWriter(res, undefined, recorder.append);
      const { controller } = prepared;
      let grace: NodeJS.Timeout | undefined;
      writer.onDisconnect(() => {
        const stopUnlessWatched = async () => {
          if (controller.signal.aborted || (await recorder.watched())) return;
          controller.abort(new StreamStopped('disconnect'));
        };
        if (settings.resumeGraceMs === 0) void stopUnlessWatched();
        else grace = setTimeout(() => void stopUnlessWatched(), settings.resumeGraceMs);
      });
      const run = deps.answers.stream(prepared, writer, context).finally(() => {
        clearTimeout(grace);
        recorder.end();
        prepared.release();
        running.delete(run);
      });
      running.add(run);
      return run;
    },

    /**
     * Streams a prepared answer to a writer of another shape (the API's OpenAI chunks). Nothing
     * can resume it, so a client that goes away stops it at once.
     */
    async streamTo(prepared: PreparedAnswer, writer: AnswerWriter, context: StreamContext): Promise<void> {
      const { controller } = prepared;
      writer.onDisconnect(() => {
        if (!controller.signal.aborted) controller.abort(new StreamStopped('disconnect'));
      });
      const run = deps.answers.stream(prepared, writer, context).finally(() => {
        prepared.release();
        running.delete(run);
      });
      running.add(run);
      return run;
    },

    /**
     * POST resume: the answer's events after offset `after`, then the live ones, from whichever
     * instance writes it. Another owner's answer is as unknown as a finished, expired one.
     */
    async resume(owner: Owner, { answerId, after }: { answerId: string; after: number }): Promise<PreparedResume> {
      const controller = new AbortController();
      const events = await deps.streamLog.follow(answerId, ownerKey(owner), after, controller.signal);
      if (!events) throw new AppError('NOT_FOUND', 'This answer is no longer streaming; reload the chat to see it.');
      return { answerId, after, events, controller };
    },

    /** Streams a resumed answer: its logged events again, through the same writer, as they were first sent. */
    async replay({ answerId, after, events, controller }: PreparedResume, res: ServerResponse, context: StreamContext): Promise<void> {
      const writer = new SseWriter(res);
      writer.onDisconnect(() => controller.abort());
      writer.open({ 'x-request-id': context.requestId });
      context.log.info({ answerId, after }, 'answer stream resumed');
      try {
        for await (const logged of events) {
          if (writer.closed) break;
          writer.replay(logged);
          if (writer.congested) await writer.drained(controller.signal);
        }
      } catch (error) {
        if (!controller.signal.aborted) context.log.warn({ err: error }, 'resumed answer stream failed');
      }
      controller.abort();
      writer.end();
    },

    /** POST stop: Stop Responding. Someone else's chat answers false, like a chat with nothing streaming. */
    async stop(owner: Owner, chatId: string): Promise<{ stopped: boolean }> {
      return { stopped: await deps.registry.stop(chatId, ownerKey(owner)) };
    },

    /**
     * Startup recovery, idempotent: marks answers a dead process left streaming. Answers it
     * cut off moments before this start still look alive, so the sweep runs once more later.
     */
    async recoverInterrupted(): Promise<number> {
      clearTimeout(recheck);
      recheck = setTimeout(() => {
        deps.markInterrupted(settings.staleAfterMs).catch(() => undefined);
      }, settings.staleAfterMs + 1000);
      recheck.unref();
      return deps.markInterrupted(settings.staleAfterMs);
    },

    /**
     * Graceful shutdown, first step: new questions are refused (SHUTTING_DOWN) while running
     * answers get `graceMs` to finish; those still running then end as interrupted, saved so.
     */
    async drain(graceMs: number) {
      accepting = false;
      clearTimeout(recheck);
      let timer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
      await Promise.race([Promise.allSettled(running), graceOver]);
      clearTimeout(timer);
      deps.registry.abortAll('shutdown');
      await Promise.allSettled(running);
    },

    /** Answers streaming on this instance now. */
    get streaming() {
      return running.size;
    },

    /**
     * Closing the app: running answers end as interrupted, and are saved so, before the server
     * stops (their connections are then idle and close with it).
     */
    async close() {
      accepting = false;
      clearTimeout(recheck);
      deps.registry.abortAll('shutdown');
      await Promise.allSettled(running);
      await deps.streamLog.close();
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
