import type { StreamEvent, StreamEventName, streamEvents } from '@parley/contracts';
import { createParser, type EventSourceMessage } from 'eventsource-parser';

type StreamEventSchemas = typeof streamEvents;

/**
 * The events' schemas (and zod with them) are fetched by the first stream, not with the app:
 * the first screen has nothing to check. Callers may start this before the request, to have
 * them by the time its answer arrives.
 */
export function loadStreamEventSchemas(): Promise<StreamEventSchemas> {
  return import('./stream-event-schemas').then((module) => module.streamEvents);
}

/** The stream broke its contract: bad JSON, a payload that does not fit its event, or an early end. */
export class StreamProtocolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StreamProtocolError';
  }
}

/** The connection ended before the stream's last event: a new connection may pick it up (resume). */
export class StreamInterruptedError extends StreamProtocolError {
  constructor(message: string) {
    super(message);
    this.name = 'StreamInterruptedError';
  }
}

function isKnownEvent(schemas: StreamEventSchemas, name: string): name is StreamEventName {
  return Object.hasOwn(schemas, name);
}

function toStreamEvent(schemas: StreamEventSchemas, message: EventSourceMessage): StreamEvent | null {
  const name = message.event ?? 'message';
  // Comments, keep-alives and events a newer server may add are not ours to read.
  if (!isKnownEvent(schemas, name)) return null;
  let json: unknown;
  try {
    json = JSON.parse(message.data);
  } catch {
    throw new StreamProtocolError(`The ${name} event is not JSON`);
  }
  const parsed = schemas[name].safeParse(json);
  if (!parsed.success) throw new StreamProtocolError(`The ${name} event does not match the contract`);
  return { event: name, data: parsed.data } as StreamEvent;
}

/** An event's SSE `id`, when it is a whole number (the answer stream's offset, to resume after). */
function offsetOf(message: EventSourceMessage): number | undefined {
  if (message.id === undefined || !/^\d+$/.test(message.id)) return undefined;
  return Number(message.id);
}

/**
 * Reads a `text/event-stream` body and hands every known event, checked against the contracts,
 * to `onEvent` in arrival order (with its SSE id, when it has one), however the bytes were split
 * across reads. Resolves when the body ends.
 */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: StreamEvent, offset: number | undefined) => void,
): Promise<void> {
  const schemas = await loadStreamEventSchemas();
  let failure: StreamProtocolError | null = null;
  const parser = createParser({
    onEvent: (message) => {
      if (failure) return;
      try {
        const event = toStreamEvent(schemas, message);
        if (event) onEvent(event, offsetOf(message));
      } catch (error) {
        if (error instanceof StreamProtocolError) failure = error;
        else throw error;
      }
    },
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
      if (failure) throw failure;
    }
    parser.feed(decoder.decode());
    if (failure) throw failure;
  } finally {
    reader.releaseLock();
  }
}
