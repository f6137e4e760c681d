import { errorCodes, type ChatAppInfo, type ChatModelChoice, type ChatParams, type RequestChatChannel, type StreamEvent } from '@parley/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { HttpError, isAbortError } from '../../../lib/http';
import { StreamInterruptedError, StreamProtocolError, type EventStreamOptions } from '../../../lib/sse';
import { rememberOfficialChat } from '../../../stores/conversation-store';
import { chatKeys, threadKeyOf, type ChatThread, type ThreadItem, type ThreadRef } from '../api/chat-thread';
import { stopAnswerOnServer } from '../api/stop-answer';
import { streamResume } from '../api/resume-answer';
import { streamCompletion, streamContinue, streamRegenerate } from '../api/stream-answer';
import { liveAnswers, waitingAnswer, type LiveAnswer } from '../stores/live-answer-store';
import { isConnectionFailure, pause, reconnectDelaysMs } from './answer-reconnect';
import { withLiveAnswer } from './thread-updates';

/** How a stream ended, for the screen that started it. */
export type AnswerOutcome =
  | { kind: 'done' | 'stopped' | 'error'; chatId: string | null }
  /** Stopped before the server took the question. */
  | { kind: 'cancelled' }
  /** The server refused before streaming (quota, agent gone, ...): nothing was saved. */
  | { kind: 'refused'; error: HttpError };

export interface AnswerSettings {
  app: ChatAppInfo;
  modelChoice: ChatModelChoice;
  /** The model picked for the chat, to save with it; absent: the chat keeps its own. */
  model?: string;
  usingContext: boolean;
  params: ChatParams;
  queryClient: QueryClient;
  /** Where a new chat is started from (saved with it); the site itself unless told. */
  channel?: RequestChatChannel;
}

const controllers = new Map<string, AbortController>();
const refetchAfterCommit = new Set<string>();
let counter = 0;

function newLiveAnswer(origin: string, change: Partial<LiveAnswer>): LiveAnswer {
  counter += 1;
  return waitingAnswer(`live-${Date.now().toString(36)}-${counter}`, origin, change);
}

function applyEvent(id: string, event: StreamEvent, common: AnswerSettings): void {
  switch (event.event) {
    case 'start':
      onStart(id, event.data, common);
      break;
    case 'delta':
      liveAnswers.appendText(id, event.data.text);
      break;
    case 'reasoning':
      liveAnswers.appendReasoning(id, event.data.text);
      break;
    case 'citations':
      liveAnswers.update(id, { citations: event.data.citations });
      break;
    case 'usage': {
      const { model, reasoningMs, ...usage } = event.data;
      // a continued answer counts its first part too, as the server saves it
      liveAnswers.update(id, ({ usageBase: base, reasoningMs: before }) => ({
        usage: base ? addUsage(base, usage) : usage,
        ...(model === undefined ? {} : { model }),
        reasoningMs: reasoningMs != null ? reasoningMs + (base?.reasoningMs ?? 0) : before,
      }));
      break;
    }
    case 'done':
      liveAnswers.update(id, { phase: event.data.status, answerId: event.data.answerId, cutShort: event.data.cutShort === true });
      break;
    case 'error': {
      const { kind, message, retryable, retryAfterSeconds = null } = event.data;
      liveAnswers.update(id, (answer) => ({
        phase: 'error',
        answerId: event.data.answerId ?? answer.answerId,
        error: { kind, message, retryable, retryAfterSeconds },
        // a withdrawn answer's text goes, as it went from what the server kept
        ...(kind === 'moderated' ? { text: '', reasoning: '' } : {}),
      }));
      break;
    }
  }
}

function addUsage(base: NonNullable<LiveAnswer['usageBase']>, usage: NonNullable<LiveAnswer['usage']>): NonNullable<LiveAnswer['usage']> {
  const reasoningTokens = usage.reasoningTokens == null ? base.reasoningTokens : (base.reasoningTokens ?? 0) + usage.reasoningTokens;
  return { promptTokens: base.promptTokens + usage.promptTokens, completionTokens: base.completionTokens + usage.completionTokens, reasoningTokens };
}

function onStart(id: string, start: Extract<StreamEvent, { event: 'start' }>['data'], { app, modelChoice, model, queryClient }: AnswerSettings): void {
  const isNewChat = liveAnswers.get(id)?.chatId === null;
  if (isNewChat) {
    // The screen moves to the new chat's address and finds it already in the cache, so it
    // neither fetches nor flashes; seeded before the live answer names the chat.
    const seeded: ChatThread = {
      app,
      modelChoice,
      chat: { id: start.chatId, title: start.title, top: false, updateTime: new Date().toISOString(), model: model ?? null },
      items: [],
      hasMore: false,
      prepended: 0,
      handoff: true,
    };
    queryClient.setQueryData(chatKeys.thread({ chatId: start.chatId }), seeded);
    if (app.isOfficial) rememberOfficialChat(app.id, start.chatId);
  }
  liveAnswers.update(id, (answer) => ({
    chatId: start.chatId,
    answerId: start.answerId,
    model: start.model,
    phase: 'streaming',
    question: answer.question ? { ...answer.question, id: start.questionId } : null,
    // a continued answer's deltas follow its first part (kept, or read from the saved text after a reload)
    ...(start.continuesFrom !== undefined ? { text: (answer.text || answer.savedText || '').slice(0, start.continuesFrom) } : {}),
  }));
}

/** Moves a finished answer from the live store into the chat's cached messages. */
function commit(id: string, queryClient: QueryClient): void {
  liveAnswers.flush();
  const live = liveAnswers.get(id);
  if (!live) return;
  if (live.chatId) {
    const key = chatKeys.thread({ chatId: live.chatId });
    // A refetch started mid-answer would bring back a half-written answer; the stream knows better.
    void queryClient.cancelQueries({ queryKey: key });
    queryClient.setQueryData<ChatThread>(key, (thread) => (thread ? withLiveAnswer(thread, live) : thread));
  }
  liveAnswers.remove(id);
}

type OpenStream = (signal: AbortSignal, onEvent: EventStreamOptions['onEvent']) => Promise<unknown>;

/**
 * Follows the answer's events again after its connection dropped: the server (any instance)
 * sends those after the last offset applied. Gives up when the answer has ended (404), or after
 * the last of `reconnectDelaysMs` without getting anywhere.
 */
async function reconnect(id: string, answerId: string, signal: AbortSignal, onEvent: EventStreamOptions['onEvent'], offset: () => number) {
  let attempt = 0;
  for (;;) {
    const delay = reconnectDelaysMs[attempt++];
    if (delay === undefined) throw new StreamInterruptedError('The answer stream was interrupted');
    liveAnswers.update(id, { reconnecting: true });
    await pause(delay, signal);
    const before = offset();
    try {
      await streamResume({ answerId, after: before }, { signal, onEvent, silent: true });
      return;
    } catch (error) {
      if (!isConnectionFailure(error)) throw error;
      // it got further before dropping again: a fresh round of attempts
      if (offset() > before) attempt = 0;
    }
  }
}

/**
 * Opens the stream and reads it to its end: asks again when the instance refused because it
 * was shutting down (nothing was saved), and reconnects when the connection dropped mid-answer.
 */
async function follow(id: string, open: OpenStream, signal: AbortSignal, onEvent: EventStreamOptions['onEvent'], offset: () => number) {
  let refusals = 0;
  for (;;) {
    try {
      await open(signal, onEvent);
      return;
    } catch (error) {
      const answerId = liveAnswers.get(id)?.answerId ?? null;
      if (answerId === null) {
        const delay = reconnectDelaysMs[refusals++];
        if (error instanceof HttpError && error.code === errorCodes.SHUTTING_DOWN.code && delay !== undefined) {
          await pause(delay, signal);
          continue;
        }
        throw error;
      }
      if (!isConnectionFailure(error)) throw error;
      await reconnect(id, answerId, signal, onEvent, offset);
      return;
    }
  }
}

async function run(live: LiveAnswer, common: AnswerSettings, open: OpenStream): Promise<AnswerOutcome> {
  const controller = new AbortController();
  controllers.set(live.id, controller);
  liveAnswers.add(live);
  let offset = 0;
  const onEvent = (event: StreamEvent, eventOffset: number | undefined) => {
    // a resumed stream starts after the last offset applied; any repeat is still applied once
    if (eventOffset !== undefined) {
      if (eventOffset <= offset) return;
      offset = eventOffset;
    }
    if (liveAnswers.get(live.id)?.reconnecting) liveAnswers.update(live.id, { reconnecting: false });
    applyEvent(live.id, event, common);
  };
  try {
    await follow(live.id, open, controller.signal, onEvent, () => offset);
  } catch (error) {
    // The `start` event means the server saved the question; before it, nothing exists yet.
    const started = (liveAnswers.get(live.id)?.answerId ?? null) !== null;
    if (isAbortError(error)) {
      if (!started) {
        liveAnswers.remove(live.id);
        return { kind: 'cancelled' };
      }
      liveAnswers.update(live.id, { phase: 'stopped', reconnecting: false });
    } else if (error instanceof HttpError && !started) {
      liveAnswers.remove(live.id);
      return { kind: 'refused', error };
    } else if (error instanceof HttpError && error.status === 404 && offset === 0 && live.chatId) {
      // a reload found the answer no longer streaming: the chat's saved messages have it
      liveAnswers.remove(live.id);
      void common.queryClient.invalidateQueries({ queryKey: chatKeys.thread({ chatId: live.chatId }) });
      return { kind: 'cancelled' };
    } else {
      const message = error instanceof StreamProtocolError || error instanceof HttpError ? error.message : String(error);
      liveAnswers.update(live.id, { phase: 'error', reconnecting: false, error: { kind: 'interrupted', message, retryable: true } });
      if (error instanceof HttpError && error.status === 404) refetchAfterCommit.add(live.id);
    }
  } finally {
    controllers.delete(live.id);
  }
  const ended = liveAnswers.get(live.id);
  commit(live.id, common.queryClient);
  if (refetchAfterCommit.delete(live.id) && ended?.chatId) {
    // the answer ended while this tab was away: what the server saved replaces what arrived
    void common.queryClient.invalidateQueries({ queryKey: chatKeys.thread({ chatId: ended.chatId }) });
  }
  const kind = ended?.phase === 'stopped' ? 'stopped' : ended?.phase === 'error' ? 'error' : 'done';
  return { kind, chatId: ended?.chatId ?? null };
}

/** A stream just started: its live answer's id, and how it will end. */
export interface RunningAnswer {
  id: string;
  outcome: Promise<AnswerOutcome>;
}

/** Asks `content` in the chat `ref` (a new chat when it has no chatId) and streams the answer. */
export function askQuestion(ref: ThreadRef, content: string, common: AnswerSettings): RunningAnswer {
  const live = newLiveAnswer(threadKeyOf(ref), {
    appId: common.app.id,
    chatId: ref.chatId ?? null,
    question: { id: null, content },
  });
  const outcome = run(live, common, (signal, onEvent) =>
    streamCompletion(
      {
        appId: common.app.isOfficial ? undefined : common.app.id,
        chatId: ref.chatId,
        content,
        usingContext: common.usingContext,
        params: common.params,
        model: common.model,
        channel: ref.chatId ? undefined : common.channel,
      },
      { signal, onEvent, silent: true },
    ),
  );
  return { id: live.id, outcome };
}

/** Answers the chat's last question again, replacing `replacesAnswerId` when there is one. */
export function regenerateAnswer(chatId: string, replacesAnswerId: string | null, common: AnswerSettings): RunningAnswer {
  const live = newLiveAnswer(chatId, { appId: common.app.id, chatId, replacesAnswerId });
  const outcome = run(live, common, (signal, onEvent) =>
    streamRegenerate(
      { chatId, usingContext: common.usingContext, params: common.params, model: common.model },
      { signal, onEvent, silent: true },
    ),
  );
  return { id: live.id, outcome };
}

/**
 * Continue: the chat's last answer, cut at the output limit, goes on where it stopped; the new
 * text is appended to it in place.
 */
export function continueAnswer(chatId: string, answer: ThreadItem, common: AnswerSettings): RunningAnswer {
  const live = newLiveAnswer(chatId, {
    appId: common.app.id,
    chatId,
    answerId: answer.id,
    replacesAnswerId: answer.id,
    text: answer.content,
    reasoning: answer.reasoning ?? '',
    reasoningMs: answer.reasoningMs,
    citations: answer.citations,
    phase: 'streaming',
    usageBase: {
      promptTokens: answer.promptTokens,
      completionTokens: answer.completionTokens,
      reasoningTokens: answer.reasoningTokens,
      reasoningMs: answer.reasoningMs,
    },
  });
  const outcome = run(live, common, (signal, onEvent) =>
    streamContinue({ chatId, usingContext: common.usingContext, params: common.params }, { signal, onEvent, silent: true }),
  );
  return { id: live.id, outcome };
}

/**
 * Follows an answer another connection started and lost (the page was reloaded mid-answer):
 * all its events again from the first, in place of the half-saved message.
 */
export function resumeAnswer(chatId: string, answerId: string, common: AnswerSettings, savedText = ''): RunningAnswer {
  const live = newLiveAnswer(chatId, { appId: common.app.id, chatId, answerId, replacesAnswerId: answerId, phase: 'streaming', savedText });
  const outcome = run(live, common, (signal, onEvent) => streamResume({ answerId, after: 0 }, { signal, onEvent, silent: true }));
  return { id: live.id, outcome };
}

/** Stop Responding: closes this tab's stream and tells the server, which keeps what was written. */
export function stopAnswer(id: string): void {
  const live = liveAnswers.get(id);
  controllers.get(id)?.abort();
  if (live?.chatId) void stopAnswerOnServer(live.chatId).catch(() => undefined);
}
