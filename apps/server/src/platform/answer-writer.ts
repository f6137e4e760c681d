import type { ServerResponse } from 'node:http';
import type { StreamEvent } from '@parley/contracts';

/**
 * Where the one relay of an answer (services/chat/answer-relay.ts) writes its events: Parley's
 * own event stream (SseWriter), or OpenAI's shapes for `/v1` (http/openai-answer-writer.ts).
 */
export interface AnswerWriter {
  /** Sends the status line and headers (a writer that answers all at once may wait for the end). */
  open(extraHeaders: Record<string, string>): void;
  send(event: Exclude<StreamEvent, { event: 'delta' }>): void;
  /** A piece of the answer's text; writers may coalesce pieces into fewer frames. */
  delta(text: string): void;
  /** Milliseconds until a delta would go out at once (0: now). */
  readonly untilNextDelta: number;
  /** The socket's buffer is full: wait for `drained()` before producing more. */
  readonly congested: boolean;
  drained(signal: AbortSignal): Promise<void>;
  /** The client is gone (or the response ended): writing is pointless. */
  readonly closed: boolean;
  /** Runs `listener` once when the client disconnects before the end. */
  onDisconnect(listener: () => void): void;
  end(): void;
}

/** Resolves once `res` takes writes again, the client is gone, or `signal` aborts: what every writer's `drained()` waits for. */
export function drainOf(res: ServerResponse, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
    signal.addEventListener('abort', done);
  });
}
