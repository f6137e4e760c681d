import { createParser } from 'eventsource-parser';
import { finished as streamFinished, type Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { failures } from './openai-errors.js';
import type { ProviderChunk } from './provider.js';

type UsageChunk = Extract<ProviderChunk, { type: 'usage' }>;

/** Text read ahead of a reader that holds a chunk (a slow client) beyond which reading pauses. */
const maxPendingChars = 64 * 1024;

/**
 * The model service's timers: until the first event (response headers included), then the
 * longest gap between reads. While the reader holds a chunk, the wait is theirs, not the service's.
 */
export interface StallWatch {
  /** The first event arrived: the first-chunk timer ends, the stall timer starts. */
  started(): void;
  /** Something was read (or the reader gave a chunk back): the gap is measured from now. */
  read(): void;
  /** The reader holds a chunk (true) or has given it back (false). */
  holding(held: boolean): void;
  stop(): void;
}

export function createStallWatch(
  { firstChunkTimeoutMs, stallTimeoutMs }: { firstChunkTimeoutMs: number; stallTimeoutMs: number },
  fail: (error: Error) => void,
): StallWatch {
  const firstChunkTimer = setTimeout(() => fail(failures.timeout()), firstChunkTimeoutMs);
  let held = false;
  // The stall timer is not moved on every read (a timer-list operation per token): it notes when
  // the wait for the service began, and when it fires early it sleeps for the rest of the gap.
  let waitingSince = 0;
  let stallTimer: NodeJS.Timeout | undefined;
  const checkStall = () => {
    const left = held ? stallTimeoutMs : waitingSince + stallTimeoutMs - performance.now();
    if (left > 0) stallTimer = setTimeout(checkStall, left);
    else fail(failures.stalled());
  };
  return {
    started() {
      clearTimeout(firstChunkTimer);
      waitingSince = performance.now();
      stallTimer = setTimeout(checkStall, stallTimeoutMs);
    },
    read() {
      waitingSince = performance.now();
    },
    holding(value) {
      held = value;
      if (!value) waitingSince = performance.now();
    },
    stop() {
      clearTimeout(firstChunkTimer);
      clearTimeout(stallTimer);
    },
  };
}

/** How a completion's body ended: how many events it had, whether a choice finished, the usage it reported and the model its chunks named. */
export interface CompletionEnd {
  events: number;
  finished: boolean;
  usage: UsageChunk | null;
  model: string | null;
}

interface ReadChunk {
  text: string;
  finished: boolean;
  usage: UsageChunk | null;
  model: string | null;
}

/**
 * Reads a chat completion's SSE body as it arrives ('data' events, each read parsed at once):
 * the text of every event since the reader last took some waits, handed over in one piece at
 * its next pull. No promise per network read, and a reader that pulls once per frame gets a
 * frame's tokens together. A bad event fails the stream once the text before it is handed over.
 */
export async function* readCompletion(answer: Readable, watch: StallWatch): AsyncGenerator<ProviderChunk, CompletionEnd> {
  const end: CompletionEnd = { events: 0, finished: false, usage: null, model: null };
  let pending = '';
  let unreadable: unknown = null;
  let bodyFailed: unknown = null;
  let bodyEnded = false;
  let held = false;
  let wake: (() => void) | null = null;
  const wakeUp = () => {
    const resolve = wake;
    wake = null;
    resolve?.();
  };

  let done = false;
  const parser = createParser({
    onEvent: (event) => {
      // Whatever follows [DONE] is ignored; the body is still read to its end, so the connection is reused.
      if (done || unreadable !== null) return;
      if (event.data.startsWith('[DONE]')) {
        done = true;
        return;
      }
      // A named event other than an error (a proxy's `event: ping`) carries no part of the answer.
      if (event.event !== undefined && event.event !== 'message' && event.event !== 'error') return;
      try {
        const read = readChunk(JSON.parse(event.data) as unknown, event.event);
        // a keep-alive data line: the service is there, but the answer has not started with it
        if (read === null) return;
        if (end.events++ === 0) watch.started();
        if (read.usage) end.usage = read.usage;
        end.model ??= read.model;
        if (read.finished) end.finished = true;
        pending += read.text;
      } catch (error) {
        unreadable = error;
      }
    },
  });
  // StringDecoder costs less per read than TextDecoder's streaming mode; the BOM it keeps is dropped below.
  const decoder = new StringDecoder('utf8');
  let started = false;
  answer.on('data', (bytes: Buffer) => {
    let received = decoder.write(bytes);
    if (!started && received !== '') {
      started = true;
      if (received.charCodeAt(0) === 0xfeff) received = received.slice(1);
    }
    parser.feed(received);
    watch.read();
    // A reader held up by a slow client stops the reading once it is this far behind.
    if (held && pending.length > maxPendingChars) answer.pause();
    if (pending !== '' || unreadable !== null) wakeUp();
  });
  streamFinished(answer, (error) => {
    if (error) bodyFailed = error;
    else bodyEnded = true;
    wakeUp();
  });

  for (;;) {
    if (pending === '' && unreadable === null && bodyFailed === null && !bodyEnded) {
      await new Promise<void>((resolve) => (wake = resolve));
    }
    if (pending !== '') {
      const text = pending;
      pending = '';
      held = true;
      watch.holding(true);
      yield { type: 'delta', text };
      held = false;
      watch.holding(false);
      if (answer.isPaused()) answer.resume();
      continue;
    }
    if (unreadable !== null) throw unreadable;
    if (bodyFailed !== null) throw bodyFailed;
    return end;
  }
}

/**
 * Checks a parsed data line against the chunk shape, since compatible servers vary: null for a
 * line that is no part of the answer (an object without `choices` or `usage`, as pings are).
 * Deltas without text (a role, `tool_calls`, a refusal) add nothing and end nothing.
 */
function readChunk(chunk: unknown, event: string | undefined): ReadChunk | null {
  // An `error` object (or an `error` event) is the service failing mid-answer, as the SDK reads it.
  if (event === 'error' || (isRecord(chunk) && chunk.error)) {
    throw failures.inStream(new Error(JSON.stringify(chunk)?.slice(0, 500)));
  }
  if (isRecord(chunk) && chunk.choices === undefined) {
    const usage = usageOf(chunk.usage);
    return usage ? { text: '', finished: false, usage, model: modelOf(chunk) } : null;
  }
  if (!isRecord(chunk) || !Array.isArray(chunk.choices)) {
    throw failures.malformed(new Error(`not a chat.completion.chunk: ${JSON.stringify(chunk)?.slice(0, 200)}`));
  }
  let text = '';
  let finished = false;
  for (const choice of chunk.choices as unknown[]) {
    const delta = isRecord(choice) ? (choice.delta ?? {}) : null;
    const content = isRecord(delta) ? (delta.content ?? '') : null;
    if (!isRecord(choice) || typeof content !== 'string') {
      throw failures.malformed(new Error(`not a chunk choice: ${JSON.stringify(choice)?.slice(0, 200)}`));
    }
    if ((choice.index ?? 0) !== 0) continue;
    text += content;
    if (choice.finish_reason) finished = true;
  }
  return { text, finished, usage: usageOf(chunk.usage), model: modelOf(chunk) };
}

/** The model a chunk names as its writer, when it names one. */
function modelOf(chunk: Record<string, unknown>): string | null {
  return typeof chunk.model === 'string' && chunk.model.trim() !== '' ? chunk.model.trim().slice(0, 200) : null;
}

/** The token counts of a chunk's `usage`, when it reports both. */
function usageOf(usage: unknown): UsageChunk | null {
  if (!isRecord(usage) || typeof usage.prompt_tokens !== 'number' || typeof usage.completion_tokens !== 'number') return null;
  return { type: 'usage', promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
