import { z } from 'zod';
import { errorEnvelope, streamEventList } from '@parley/contracts';

/** Adds the error envelope for 4xx/5xx to a route's success responses, for validation and the docs. */
export function withErrorResponses<T extends Record<number, unknown>>(responses: T) {
  return { ...responses, '4xx': errorEnvelope, '5xx': errorEnvelope };
}

/** An answer as server-sent events; refusals before the stream starts are the JSON error envelope. */
export const eventStreamResponse = {
  description: 'The answer, streamed as server-sent events',
  content: { 'text/event-stream': { schema: streamEventList } },
};

/** A CSV file to download; refusals are the JSON error envelope. */
export const csvFileResponse = {
  description: 'A CSV file (comma-separated, CRLF line ends, a header row), sent as an attachment',
  content: { 'text/csv': { schema: z.string() } },
};
