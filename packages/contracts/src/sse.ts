import { z } from 'zod';
import { citation } from './chats.js';
import { streamErrorKind, type StreamErrorKind } from './stream-error-kind.js';

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
  /** Continue: how long the answer was before this stream (UTF-16 code units); the deltas follow that text. */
  continuesFrom: z.number().int().optional(),
});
/** Text to append to the answer. Deltas only: the whole text is never sent again. */
export const streamDeltaEvent = z.object({ text: z.string() });
/** Text to append to the model's thinking (reasoning models), which comes before the answer's first delta. */
export const streamReasoningEvent = z.object({ text: z.string() });
export const streamCitationsEvent = z.object({ citations: z.array(citation) });
export const streamUsageEvent = z.object({
  promptTokens: z.number().int(),
  completionTokens: z.number().int(),
  /** The model the answer is saved with; null when none wrote it (a strict agent's canned refusal). Absent: the start event's. */
  model: z.string().nullable().optional(),
  /** Of completionTokens, those spent thinking, when the service reports them. */
  reasoningTokens: z.number().int().nullable().optional(),
  /** How long the model thought before answering, when it did. */
  reasoningMs: z.number().int().nullable().optional(),
});
export const streamDoneEvent = z.object({
  answerId: z.string(),
  status: z.enum(['done', 'stopped']),
  /** The answer stopped at the output limit: POST /core/chat/continue goes on with it. */
  cutShort: z.boolean().optional(),
});

export { streamErrorKind, type StreamErrorKind };
export const streamErrorEvent = z.object({
  answerId: z.string().nullable(),
  kind: streamErrorKind,
  /** The same in English words a user understands; the client may translate by `kind`. */
  message: z.string(),
  /** Upstream HTTP status, when there was one. */
  status: z.number().int().nullable(),
  /** When to ask again, as the model service said (429 Retry-After); null when it did not. */
  retryAfterSeconds: z.number().int().nullable().optional(),
  /** The question is saved: regenerating can answer it. */
  retryable: z.boolean(),
});

export const streamEvents = {
  start: streamStartEvent,
  delta: streamDeltaEvent,
  reasoning: streamReasoningEvent,
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
      z.object({ event: z.literal('reasoning'), data: streamReasoningEvent }),
      z.object({ event: z.literal('citations'), data: streamCitationsEvent }),
      z.object({ event: z.literal('usage'), data: streamUsageEvent }),
      z.object({ event: z.literal('done'), data: streamDoneEvent }),
      z.object({ event: z.literal('error'), data: streamErrorEvent }),
    ]),
  )
  .describe('Server-sent events, each `event: <name>` then `data: <JSON>`: start, citations, reasoning…, delta…, usage, then done or error (always last).');

export type StreamEventName = keyof typeof streamEvents;
export type StreamEvent = {
  [K in StreamEventName]: { event: K; data: z.infer<(typeof streamEvents)[K]> };
}[StreamEventName];
export type StreamStartEvent = z.infer<typeof streamStartEvent>;
export type StreamErrorEvent = z.infer<typeof streamErrorEvent>;
export type StreamUsageEvent = z.infer<typeof streamUsageEvent>;
