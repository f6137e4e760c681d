import { describe, expect, it } from 'vitest';
import { createLiveAnswerStore, outlineOf, type LiveAnswer } from './live-answer-store';

function answer(id: string): LiveAnswer {
  return {
    id,
    origin: 'new:official',
    appId: null,
    chatId: null,
    question: { id: null, content: 'What is a spread?' },
    replacesAnswerId: null,
    answerId: null,
    model: null,
    text: '',
    reasoning: '',
    reasoningMs: null,
    cutShort: false,
    citations: [],
    usage: null,
    phase: 'waiting',
    error: null,
    reconnecting: false,
    startedAt: '2030-01-01T00:00:00.000Z',
  };
}

/** A frame clock the test advances by hand. */
function manualFrames() {
  const queue: (() => void)[] = [];
  return {
    schedule: (flush: () => void) => void queue.push(flush),
    get waiting() {
      return queue.length;
    },
    paint: () => queue.splice(0).forEach((flush) => flush()),
  };
}

function watch(live: ReturnType<typeof createLiveAnswerStore>) {
  const seen: string[] = [];
  live.store.subscribe((state) => seen.push(state.answers.a?.text ?? ''));
  return seen;
}

describe('the in-flight answer store', () => {
  it('gathers the deltas of one frame into a single update', () => {
    const frames = manualFrames();
    const live = createLiveAnswerStore(frames.schedule);
    live.add(answer('a'));
    const seen = watch(live);

    for (const piece of ['A ', 'spread ', 'is ', 'the ', 'gap.']) live.appendText('a', piece);

    expect(seen).toEqual([]);
    expect(frames.waiting).toBe(1);
    frames.paint();
    expect(seen).toEqual(['A spread is the gap.']);
    expect(live.get('a')?.phase).toBe('streaming');
  });

  it('asks for another frame once the previous one has painted', () => {
    const frames = manualFrames();
    const live = createLiveAnswerStore(frames.schedule);
    live.add(answer('a'));
    const seen = watch(live);

    live.appendText('a', 'one ');
    frames.paint();
    live.appendText('a', 'two ');
    live.appendText('a', 'three');
    frames.paint();

    expect(seen).toEqual(['one ', 'one two three']);
  });

  it('applies buffered text before a later event, so nothing arrives out of order', () => {
    const frames = manualFrames();
    const live = createLiveAnswerStore(frames.schedule);
    live.add(answer('a'));

    live.appendText('a', 'The end.');
    live.update('a', { phase: 'done' });

    expect(live.get('a')).toMatchObject({ text: 'The end.', phase: 'done' });
    frames.paint();
    expect(live.get('a')?.text).toBe('The end.');
  });

  it('keeps the answers of two streams apart and drops a removed one with its buffer', () => {
    const frames = manualFrames();
    const live = createLiveAnswerStore(frames.schedule);
    live.add(answer('a'));
    live.add(answer('b'));

    live.appendText('a', 'first');
    live.appendText('b', 'second');
    live.remove('b');
    frames.paint();

    expect(live.get('a')?.text).toBe('first');
    expect(live.get('b')).toBeUndefined();
  });
});

describe('following an answer’s course rather than its words', () => {
  it('keeps the answer it gave while only the words change, and gives the new one when anything else does', () => {
    const frames = manualFrames();
    const live = createLiveAnswerStore(frames.schedule);
    const select = outlineOf((state) => state.answers.a ?? null);
    live.add(answer('a'));
    live.update('a', { phase: 'streaming', chatId: 'chat-1' });
    const started = select(live.store.getState());

    live.appendText('a', 'A spread ');
    frames.paint();
    live.appendText('a', 'is the gap.');
    frames.paint();
    expect(select(live.store.getState())).toBe(started);

    live.update('a', { phase: 'done' });
    expect(select(live.store.getState())).toMatchObject({ phase: 'done', text: 'A spread is the gap.' });
    live.remove('a');
    expect(select(live.store.getState())).toBeNull();
  });
});
