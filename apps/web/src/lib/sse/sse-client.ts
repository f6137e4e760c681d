import type { StreamEvent } from '@parley/contracts';
import { http } from '../http';
import { loadStreamEventSchemas, readEventStream, StreamInterruptedError, StreamProtocolError } from './read-event-stream';

export interface EventStreamOptions {
  /** Each event, with its SSE id (the answer stream's offset) when it has one. */
  onEvent: (event: StreamEvent, offset: number | undefined) => void;
  /** Aborting closes the connection; the call rejects with an AbortError. */
  signal?: AbortSignal;
  /** No toast for an error envelope: the caller shows it itself. */
  silent?: boolean;
}

type FinalEvent = Extract<StreamEvent, { event: 'done' | 'error' }>;

/**
 * POSTs `body` as JSON and reads the answer stream (spec section 7's chat calls), with the same
 * headers, visitor path rewriting and error handling as every other call: an error envelope
 * before the stream rejects with the client's HttpError. Resolves with the closing `done` or
 * `error` event; a stream that ends without one (or whose connection drops) rejects with a StreamInterruptedError.
 */
export async function postEventStream(path: string, body: unknown, options: EventStreamOptions): Promise<FinalEvent> {
  // Fetched alongside the request rather than after its headers (a first stream only).
  loadStreamEventSchemas().catch(() => undefined);
  const response = await http.openEventStream(path, body, { signal: options.signal, silent: options.silent });
  if (!response.body) throw new StreamProtocolError('The answer stream has no body');
  let last: FinalEvent | null = null;
  try {
    await readEventStream(response.body, (event, offset) => {
      if (last) return;
      if (event.event === 'done' || event.event === 'error') last = event;
      options.onEvent(event, offset);
    });
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason instanceof Error ? options.signal.reason : abortError();
    // fetch reports a connection lost mid-body as a TypeError.
    if (error instanceof TypeError) throw new StreamInterruptedError('The answer stream was interrupted');
    throw error;
  }
  if (!last) throw new StreamInterruptedError('The answer stream ended before it finished');
  return last;
}

function abortError(): Error {
  return new DOMException('The stream was stopped', 'AbortError');
}
