import { z } from 'zod';

/** Why an answer failed, so the client can say it in the user's language. */
export const streamErrorKind = z.enum([
  /** The model service refused the request (an HTTP error not named below). */
  'upstream_http',
  /** The model service refused the site's credentials (401/403): only an operator can fix it. */
  'credentials',
  /** The model asked for is not served (404). */
  'model_missing',
  /** The conversation does not fit the model's context, even trimmed. */
  'context_too_long',
  /** The model service limits how often it is asked (429); `retryAfterSeconds` says when to try again, if it said. */
  'rate_limited',
  /** The model service is overloaded or failing (5xx). */
  'overloaded',
  /** The answer grew past the site's limit (LLM_MAX_ANSWER_CHARS, or one stream line over 1 MB): the text so far is kept. */
  'answer_too_long',
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
