import type { ChatAppInfo, ChatParams, StreamEvent } from '@parley/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { HttpError, isAbortError } from '../../../lib/http';
import { StreamProtocolError } from '../../../lib/sse';
import { rememberOfficialChat } from '../../../stores/conversation-store';
import { chatKeys, threadKeyOf, type ChatThread, type ThreadRef } from '../api/chat-thread';
import { stopAnswerOnServer } from '../api/stop-answer';
import { streamCompletion, streamRegenerate } from '../api/stream-answer';
import { liveAnswers, type LiveAnswer } from '../stores/live-answer-store';
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
  usingContext: boolean;
  params: ChatParams;
  queryClient: QueryClient;
}

const controllers = new Map<string, AbortController>();
let counter = 0;

function newLiveAnswer(origin: string, change: Partial<LiveAnswer>): LiveAnswer {
  counter += 1;
  return {
    id: `live-${Date.now().toString(36)}-${counter}`,
    origin,
    appId: null,
    chatId: null,
    question: null,
    replacesAnswerId: null,
    answerId: null,
    model: null,
    text: '',
    citations: [],
    usage: null,
    phase: 'waiting',
    error: null,
    startedAt: new Date().toISOString(),
    ...change,
  };
}

function applyEvent(id: string, event: StreamEvent, common: AnswerSettings): void {
  switch (event.event) {
    case 'start':
      onStart(id, event.data, common);
      break;
    case 'delta':
      liveAnswers.appendText(id, event.data.text);
      break;
    case 'citations':
      liveAnswers.update(id, { citations: event.data.citations });
      break;
    case 'usage':
      liveAnswers.update(id, { usage: event.data });
      break;
    case 'done':
      liveAnswers.update(id, { phase: event.data.status, answerId: event.data.answerId });
      break;
    case 'error':
      liveAnswers.update(id, (answer) => ({
        phase: 'error',
        answerId: event.data.answerId ?? answer.answerId,
        error: { kind: event.data.kind, message: event.data.message, retryable: event.data.retryable },
      }));
      break;
  }
}

function onStart(id: string, start: Extract<StreamEvent, { event: 'start' }>['data'], { app, queryClient }: AnswerSettings): void {
  const isNewChat = liveAnswers.get(id)?.chatId === null;
  if (isNewChat) {
    // The screen moves to the new chat's address and finds it already in the cache, so it
    // neither fetches nor flashes; seeded before the live answer names the chat.
    const seeded: ChatThread = {
      app,
      chat: { id: start.chatId, title: start.title, top: false, updateTime: new Date().toISOString() },
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

async function run(live: LiveAnswer, common: AnswerSettings, open: (signal: AbortSignal, onEvent: (event: StreamEvent) => void) => Promise<unknown>): Promise<AnswerOutcome> {
  const controller = new AbortController();
  controllers.set(live.id, controller);
  liveAnswers.add(live);
  try {
    await open(controller.signal, (event) => applyEvent(live.id, event, common));
  } catch (error) {
    // The `start` event means the server saved the question; before it, nothing exists yet.
    const started = (liveAnswers.get(live.id)?.answerId ?? null) !== null;
    if (isAbortError(error)) {
      if (!started) {
        liveAnswers.remove(live.id);
        return { kind: 'cancelled' };
      }
      liveAnswers.update(live.id, { phase: 'stopped' });
    } else if (error instanceof HttpError && !started) {
      liveAnswers.remove(live.id);
      return { kind: 'refused', error };
    } else {
      const message = error instanceof StreamProtocolError ? error.message : String(error);
      liveAnswers.update(live.id, { phase: 'error', error: { kind: 'interrupted', message, retryable: true } });
    }
  } finally {
    controllers.delete(live.id);
  }
  const ended = liveAnswers.get(live.id);
  commit(live.id, common.queryClient);
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
      { chatId, usingContext: common.usingContext, params: common.params },
      { signal, onEvent, silent: true },
    ),
  );
  return { id: live.id, outcome };
}

/** Stop Responding: closes this tab's stream and tells the server, which keeps what was written. */
export function stopAnswer(id: string): void {
  const live = liveAnswers.get(id);
  controllers.get(id)?.abort();
  if (live?.chatId) void stopAnswerOnServer(live.chatId).catch(() => undefined);
}
