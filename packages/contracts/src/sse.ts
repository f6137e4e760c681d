import { z } from 'zod';
import { citation } from './chats.js';

/**
 * The events of a chat answer stream (`text/event-stream`). Each arrives as
 * `event: <name>\ndata: <json>\n\n`; `done` or `error` is always the last one. Each event's
 * SSE `id:` is its offset in the answer's stream (1, 2, …): POST /core/chat/resume with the
 * last one received continues the stream after a lost connection.
 */
export const streamStartEvent = z.object({
  chatId: z.string(),
  /** The chat's title: a new chat is named after its first question. */
  title: z.string(),
  /** The saved question (saved before the model is called). */
  questionId: z.string(),
  answerId: z.string(),
  model: z.string(),
});
/** Text to append to the answer. Deltas only: the whole text is never sent again. */
export const streamDeltaEvent = z.object({ text: z.string() });
export const streamCitationsEvent = z.object({ citations: z.array(citation) });
export const streamUsageEvent = z.object({
  promptTokens: z.number().int(),
  completionTokens: z.number().int(),
  /** The model the answer is saved with; null when none wrote it (a strict agent's canned refusal). Absent: the start event's. */
  model: z.string().nullable().optional(),
});
export const streamDoneEvent = z.object({
  answerId: z.string(),
  status: z.enum(['done', 'stopped']),
});

/** Why an answer failed, so the client can say it in the user's language. */
export const streamErrorKind = z.enum([
  /** The model service answered with an HTTP error (4xx/5xx). */
  'upstream_http',
  /** No answer within the configured time. */
  'timeout',
  /** The answer started, then nothing arrived for too long. */
  'stalled',
  /** The model service sent something that is not a valid stream. */
  'malformed',
  /** The model service could not be reached. */
  'unreachable',
  /** Anything else on our side. */
  'internal',
  /** The site's content check flagged the answer: it was cut, and its text is not kept. */
  'moderated',
]);
export type StreamErrorKind = z.infer<typeof streamErrorKind>;
export const streamErrorEvent = z.object({
  answerId: z.string().nullable(),
  kind: streamErrorKind,
  /** The same in English words a user understands; the client may translate by `kind`. */
  message: z.string(),
  /** Upstream HTTP status, when there was one. */
  status: z.number().int().nullable(),
  /** The question is saved: regenerating can answer it. */
  retryable: z.boolean(),
});

export const streamEvents = {
  start: streamStartEvent,
  delta: streamDeltaEvent,
  citations: streamCitationsEvent,
  usage: streamUsageEvent,
  done: streamDoneEvent,
  error: streamErrorEvent,
} as const;

/**
 * A whole answer stream as the API document publishes it (`text/event-stream`): the events in
 * the order they arrive, each the `event:` name and the JSON of its `data:` line.
 */
export const streamEventList = z
  .array(
    z.discriminatedUnion('event', [
      z.object({ event: z.literal('start'), data: streamStartEvent }),
      z.object({ event: z.literal('delta'), data: streamDeltaEvent }),
      z.object({ event: z.literal('citations'), data: streamCitationsEvent }),
      z.object({ event: z.literal('usage'), data: streamUsageEvent }),
      z.object({ event: z.literal('done'), data: streamDoneEvent }),
      z.object({ event: z.literal('error'), data: streamErrorEvent }),
    ]),
  )
  .describe('Server-sent events, each `event: <name>` then `data: <JSON>`: start, citations, delta…, usage, then done or error (always last).');

export type StreamEventName = keyof typeof streamEvents;
export type StreamEvent = {
  [K in StreamEventName]: { event: K; data: z.infer<(typeof streamEvents)[K]> };
}[StreamEventName];
export type StreamStartEvent = z.infer<typeof streamStartEvent>;
export type StreamErrorEvent = z.infer<typeof streamErrorEvent>;
