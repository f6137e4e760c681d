import { createParser } from 'eventsource-parser';
import { finished as streamFinished, type Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { failures } from './openai-errors.js';
import type { ProviderChunk } from './provider.js';
import { createThinkSplitter } from './think-tags.js';
import { errorObjectOf } from './vendor-errors.js';

type UsageChunk = Extract<ProviderChunk, { type: 'usage' }>;

/** Text read ahead of a reader that holds a chunk (a slow client) beyond which reading pauses. */
const maxPendingChars = 64 * 1024;

/** One line of the stream longer than this ends the answer: no chunk is that long, so the server is broken. */
export const maxLineChars = 1024 * 1024;

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

/** How a completion's body ended: how many events it had, why its choice finished, the usage it reported and the model its chunks named. */
export interface CompletionEnd {
  events: number;
  /** The choice's finish_reason (stop, length, ...); null when none came. */
  finishReason: string | null;
  usage: UsageChunk | null;
  model: string | null;
}

interface ReadChunk {
  text: string;
  /** Thinking sent apart from the text (`reasoning_content` of DeepSeek and Qwen, `reasoning` of vLLM, Ollama and OpenRouter). */
  reasoning: string;
  finishReason: string | null;
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
  const end: CompletionEnd = { events: 0, finishReason: null, usage: null, model: null };
  let pending = '';
  let pendingReasoning = '';
  const thinkTags = createThinkSplitter();
  let lineChars = 0;
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
        if (read.finishReason) end.finishReason = read.finishReason;
        const split = read.text === '' ? null : thinkTags.push(read.text);
        pendingReasoning += read.reasoning + (split?.reasoning ?? '');
        pending += split?.answer ?? '';
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
    if (unreadable !== null) return;
    lineChars = longestLine(received, lineChars);
    if (lineChars > maxLineChars) {
      unreadable = failures.tooLong('one line of the model service\'s stream was over 1 MB');
      answer.destroy();
      wakeUp();
      return;
    }
    parser.feed(received);
    watch.read();
    // A reader held up by a slow client stops the reading once it is this far behind.
    if (held && pending.length + pendingReasoning.length > maxPendingChars) answer.pause();
    if (pending !== '' || pendingReasoning !== '' || unreadable !== null) wakeUp();
  });
  streamFinished(answer, (error) => {
    if (error) bodyFailed = error;
    else bodyEnded = true;
    wakeUp();
  });

  let flushed = false;
  for (;;) {
    if (pending === '' && pendingReasoning === '' && unreadable === null && bodyFailed === null && !bodyEnded) {
      await new Promise<void>((resolve) => (wake = resolve));
    }
    // the end of the body: what the think-tag splitter held back is let go
    if (bodyEnded && !flushed && unreadable === null) {
      flushed = true;
      const rest = thinkTags.flush();
      pendingReasoning += rest.reasoning;
      pending += rest.answer;
    }
    if (pendingReasoning !== '' || pending !== '') {
      const chunk: ProviderChunk =
        pendingReasoning !== '' ? { type: 'reasoning', text: pendingReasoning } : { type: 'delta', text: pending };
      if (chunk.type === 'reasoning') pendingReasoning = '';
      else pending = '';
      held = true;
      watch.holding(true);
      yield chunk;
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
  // An `error` object (or an `error` event) is the service failing mid-answer (OpenRouter, vLLM, llama.cpp).
  const error = event === 'error' || (isRecord(chunk) && chunk.error) ? errorObjectOf(chunk) : null;
  if (error || event === 'error') throw failures.inStream(error ?? { message: JSON.stringify(chunk)?.slice(0, 500) ?? '', type: null, code: null });
  if (isRecord(chunk) && chunk.choices === undefined) {
    const usage = usageOf(chunk.usage);
    return usage ? { text: '', reasoning: '', finishReason: null, usage, model: modelOf(chunk) } : null;
  }
  if (!isRecord(chunk) || !Array.isArray(chunk.choices)) {
    throw failures.malformed(new Error(`not a chat.completion.chunk: ${JSON.stringify(chunk)?.slice(0, 200)}`));
  }
  let text = '';
  let reasoning = '';
  let finishReason: string | null = null;
  for (const choice of chunk.choices as unknown[]) {
    const delta = isRecord(choice) ? (choice.delta ?? {}) : null;
    const content = isRecord(delta) ? (delta.content ?? '') : null;
    if (!isRecord(choice) || typeof content !== 'string') {
      throw failures.malformed(new Error(`not a chunk choice: ${JSON.stringify(choice)?.slice(0, 200)}`));
    }
    if ((choice.index ?? 0) !== 0) continue;
    text += content;
    reasoning += reasoningOf(delta as Record<string, unknown>);
    if (typeof choice.finish_reason === 'string' && choice.finish_reason !== '') finishReason = choice.finish_reason;
  }
  return { text, reasoning, finishReason, usage: usageOf(chunk.usage), model: modelOf(chunk) };
}

/** A delta's thinking: `reasoning_content` (DeepSeek, Qwen, llama.cpp) or `reasoning` (vLLM, Ollama, OpenRouter). */
function reasoningOf(delta: Record<string, unknown>): string {
  const value = delta.reasoning_content ?? delta.reasoning;
  return typeof value === 'string' ? value : '';
}

const lineBreak = /[\r\n]/g;

/**
 * The length of the line still open after `text`, or more than maxLineChars as soon as any line
 * passes it; `open` is the length of the line open before it.
 */
function longestLine(text: string, open: number): number {
  let length = open;
  lineBreak.lastIndex = 0;
  let from = 0;
  for (let found = lineBreak.exec(text); found !== null; found = lineBreak.exec(text)) {
    if (length + found.index - from > maxLineChars) return maxLineChars + 1;
    length = 0;
    from = found.index + 1;
  }
  return length + text.length - from;
}

/** The model a chunk names as its writer, when it names one. */
function modelOf(chunk: Record<string, unknown>): string | null {
  return typeof chunk.model === 'string' && chunk.model.trim() !== '' ? chunk.model.trim().slice(0, 200) : null;
}

/** The token counts of a chunk's `usage`, when it reports both; reasoning tokens when it names them. */
function usageOf(usage: unknown): UsageChunk | null {
  if (!isRecord(usage) || typeof usage.prompt_tokens !== 'number' || typeof usage.completion_tokens !== 'number') return null;
  const details = usage.completion_tokens_details;
  const reasoning = isRecord(details) ? details.reasoning_tokens : usage.reasoning_tokens;
  const reasoningTokens = typeof reasoning === 'number' && reasoning > 0 ? reasoning : null;
  return { type: 'usage', promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens, reasoningTokens };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
