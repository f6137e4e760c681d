import type { Citation, StreamErrorKind } from '@parley/contracts';
import { createStore, type StoreApi } from 'zustand/vanilla';

/**
 * Why an answer failed: the server's kinds, a stream that broke off on the way, or a call the
 * server refused before streaming (the message then says why, in the user's language).
 */
export type AnswerErrorKind = StreamErrorKind | 'interrupted' | 'refused';

export interface AnswerError {
  kind: AnswerErrorKind;
  /** The server's words (English); the screen says it in the user's language by kind. */
  message: string;
  retryable: boolean;
  /** When the model service said to ask again (rate limited). */
  retryAfterSeconds?: number | null;
}

export type LivePhase = 'waiting' | 'streaming' | 'done' | 'stopped' | 'error';

/** An answer being streamed right now, with the question that asked for it. */
export interface LiveAnswer {
  /** Client-side id of this stream. */
  id: string;
  /** The thread it was asked from (see threadKeyOf); a new chat's key until the chat exists. */
  origin: string;
  appId: string | null;
  /** Known from the `start` event on. */
  chatId: string | null;
  /** The question asked; null when the last question is answered again. */
  question: { id: string | null; content: string } | null;
  /** The answer this one replaces (regenerate). */
  replacesAnswerId: string | null;
  answerId: string | null;
  model: string | null;
  text: string;
  /** What a reasoning model thought before answering, as it streams. */
  reasoning: string;
  /** How long it thought, once the answer began (or the stream ended). */
  reasoningMs: number | null;
  /** When the first thought arrived (Date.now()). */
  thinkingSince?: number;
  citations: Citation[];
  usage: { promptTokens: number; completionTokens: number; reasoningTokens?: number | null } | null;
  phase: LivePhase;
  /** The answer stopped at the output limit: it can be continued. */
  cutShort: boolean;
  /** A reload's saved text of the answer followed: a continued answer keeps its first part from it. */
  savedText?: string;
  /** Continue: what the answer's first part used and thought, which this stream's usage adds to. */
  usageBase?: { promptTokens: number; completionTokens: number; reasoningTokens: number | null; reasoningMs: number | null };
  error: AnswerError | null;
  /** The connection dropped mid-answer and the stream is being picked up again. */
  reconnecting: boolean;
  startedAt: string;
}

/** An answer that has not started yet: nothing received, waiting for the stream's first event. */
export function waitingAnswer(id: string, origin: string, change: Partial<LiveAnswer> = {}): LiveAnswer {
  return {
    id,
    origin,
    appId: null,
    chatId: null,
    question: null,
    replacesAnswerId: null,
    answerId: null,
    model: null,
    text: '',
    reasoning: '',
    reasoningMs: null,
    citations: [],
    usage: null,
    phase: 'waiting',
    cutShort: false,
    error: null,
    reconnecting: false,
    startedAt: new Date().toISOString(),
    ...change,
  };
}

export interface LiveAnswerState {
  answers: Record<string, LiveAnswer>;
}

/** The answer's own words, which change at every update while it streams; the rest changes a few times an answer. */
function sameButForWords(a: LiveAnswer | null, b: LiveAnswer | null): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const keys = Object.keys(b) as (keyof LiveAnswer)[];
  return Object.keys(a).length === keys.length && keys.every((key) => key === 'text' || key === 'reasoning' || a[key] === b[key]);
}

/**
 * Wraps a selector of one answer so that it keeps returning the answer it returned before while
 * only the answer's words have changed since: a screen subscribed through it draws again when the
 * answer starts, ends, or gets its sources, not at every word. What it returns has the words of
 * that moment; the answer's own row follows the words (useNewestAnswer).
 */
export function outlineOf(select: (state: LiveAnswerState) => LiveAnswer | null): (state: LiveAnswerState) => LiveAnswer | null {
  let kept: LiveAnswer | null = null;
  return (state) => {
    const next = select(state);
    if (!sameButForWords(kept, next)) kept = next;
    return kept;
  };
}

export type FrameScheduler = (flush: () => void) => void;

const nextFrame: FrameScheduler = (flush) => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(flush);
  else setTimeout(flush, 16);
};

/**
 * The in-flight answers. Text deltas arrive far faster than a screen repaints, so they gather
 * in a buffer and reach the store (and React) at most once per animation frame; every other
 * event first flushes what is buffered, so the order of events is kept.
 */
export function createLiveAnswerStore(scheduleFrame: FrameScheduler = nextFrame) {
  const store: StoreApi<LiveAnswerState> = createStore<LiveAnswerState>()(() => ({ answers: {} }));
  const pending = new Map<string, string>();
  const pendingReasoning = new Map<string, string>();
  let scheduled = false;

  function flush(): void {
    scheduled = false;
    if (pending.size === 0 && pendingReasoning.size === 0) return;
    const texts = [...pending];
    const thoughts = [...pendingReasoning];
    pending.clear();
    pendingReasoning.clear();
    store.setState((state) => {
      const answers = { ...state.answers };
      for (const [id, text] of thoughts) {
        const answer = answers[id];
        if (answer) answers[id] = { ...answer, reasoning: answer.reasoning + text, phase: 'streaming', thinkingSince: answer.thinkingSince ?? Date.now() };
      }
      for (const [id, text] of texts) {
        const answer = answers[id];
        if (!answer) continue;
        // the first word of the answer ends the thinking
        const reasoningMs = answer.thinkingSince !== undefined && answer.reasoningMs === null ? Date.now() - answer.thinkingSince : answer.reasoningMs;
        answers[id] = { ...answer, text: answer.text + text, phase: 'streaming', reasoningMs };
      }
      return { answers };
    });
  }

  function schedule(): void {
    if (!scheduled) {
      scheduled = true;
      scheduleFrame(flush);
    }
  }

  function update(id: string, change: Partial<LiveAnswer> | ((answer: LiveAnswer) => Partial<LiveAnswer>)): void {
    flush();
    store.setState((state) => {
      const answer = state.answers[id];
      if (!answer) return state;
      const next = typeof change === 'function' ? change(answer) : change;
      return { answers: { ...state.answers, [id]: { ...answer, ...next } } };
    });
  }

  return {
    store,
    get: (id: string): LiveAnswer | undefined => store.getState().answers[id],
    add(answer: LiveAnswer): void {
      store.setState((state) => ({ answers: { ...state.answers, [answer.id]: answer } }));
    },
    appendText(id: string, text: string): void {
      if (text === '') return;
      pending.set(id, (pending.get(id) ?? '') + text);
      schedule();
    },
    appendReasoning(id: string, text: string): void {
      if (text === '') return;
      pendingReasoning.set(id, (pendingReasoning.get(id) ?? '') + text);
      schedule();
    },
    update,
    remove(id: string): void {
      pending.delete(id);
      pendingReasoning.delete(id);
      store.setState((state) => {
        const { [id]: _gone, ...answers } = state.answers;
        return { answers };
      });
    },
    /** Applies buffered text now (before a final event or a commit). */
    flush,
  };
}

export type LiveAnswerStore = ReturnType<typeof createLiveAnswerStore>;

/** The app's one store of answers in flight. */
export const liveAnswers = createLiveAnswerStore();
