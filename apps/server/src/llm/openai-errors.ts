import { APIConnectionError, APIError } from 'openai';
import { errors as undiciErrors } from 'undici';
import { ProviderError } from './provider.js';
import { contextOverflowOf, errorObjectOf, retryAfterSeconds, type UpstreamError } from './vendor-errors.js';

/** How an OpenAI-compatible service can fail, in words a user understands. */
export const failures = {
  timeout: () => new ProviderError('timeout', 'The model service did not start answering in time. Please try again.'),
  stalled: () =>
    new ProviderError('stalled', 'The model service stopped sending the answer partway through. Please try again.'),
  unreachable: (cause: unknown) =>
    new ProviderError('unreachable', 'The model service could not be reached. Please try again later.', { cause }),
  brokeOff: (cause: unknown) =>
    new ProviderError('unreachable', 'The connection to the model service broke off mid-answer. Please try again.', {
      cause,
    }),
  malformed: (cause: unknown) =>
    new ProviderError('malformed', 'The model service sent a reply that could not be read.', { cause }),
  /** An `error` object in the stream after the answer began (OpenRouter, vLLM, llama.cpp send one). */
  inStream: (error: UpstreamError) => upstreamFailure(numericCode(error.code), error, undefined, new Error(error.message)),
  tooLong: (what: string) =>
    new ProviderError('answer_too_long', `The answer was cut here: ${what}. The text so far is kept.`),
};

const messages = {
  credentials: "The model service refused this site's credentials. An operator needs to check the API key.",
  noCredit: "The model service account of this site has no credit left. An operator needs to top it up.",
  model_missing: 'The selected model is not available on the model service.',
  context_too_long: 'This conversation is too long for the model, even with the oldest messages left out. Start a new chat, or turn the context off.',
  rate_limited: 'The model service is busy with too many requests. Please try again in a moment.',
  overloaded: 'The model service is overloaded or down. Please try again later.',
  refused: 'The model service refused the request.',
  inStream: 'The model service reported an error while answering.',
} as const;

/**
 * An HTTP refusal (or an in-stream error) by what a user can do about it: only an operator can
 * fix credentials or a missing model; a context overflow is retried shorter by the relay; a rate
 * limit says when to ask again; a 5xx means try later.
 */
function upstreamFailure(status: number | null, error: UpstreamError | null, headers: Headers | undefined, cause: unknown): ProviderError {
  const details = { status, upstreamMessage: error?.message ?? null, cause };
  const code = error?.code ?? error?.type ?? null;
  const overflow = error && (status === null || status === 400 || status === 413 || status === 422) ? contextOverflowOf(error) : null;
  if (overflow) return new ProviderError('context_too_long', messages.context_too_long, { ...details, overflow });
  if (status === 402 || code === 'insufficient_quota' || code === 'Arrearage') return new ProviderError('credentials', messages.noCredit, details);
  if (status === 401 || status === 403) return new ProviderError('credentials', messages.credentials, details);
  if (status === 404 || code === 'model_not_found' || (status === 400 && /\bmodel\b.*\bnot (?:exist|found)/i.test(error?.message ?? ''))) return new ProviderError('model_missing', messages.model_missing, details);
  if (status === 429) {
    return new ProviderError('rate_limited', messages.rate_limited, { ...details, retryAfterSeconds: retryAfterSeconds(headers) });
  }
  if (status !== null && status >= 500) return new ProviderError('overloaded', messages.overloaded, details);
  return new ProviderError('upstream_http', status === null ? messages.inStream : messages.refused, details);
}

/** An in-stream error's `code` when it is an HTTP status (OpenRouter and llama.cpp send one). */
function numericCode(code: UpstreamError['code']): number | null {
  const value = typeof code === 'number' ? code : Number(code);
  return Number.isInteger(value) && value >= 400 && value < 600 ? value : null;
}

/** The error object the SDK read from a refusal (request-fetch.ts gave it OpenAI's shape). */
function errorOf(error: APIError): UpstreamError | null {
  return errorObjectOf({ error: error.error }) ?? (error.message ? { message: error.message, type: null, code: null } : null);
}

/** Any failure of a completion request as a ProviderError; `responded` tells a broken answer from an unreachable service. */
export function toProviderError(error: unknown, responded: boolean): ProviderError {
  if (error instanceof ProviderError) return error;
  // Connection errors (refused, DNS, connect timeout) are APIErrors without a status; check them first.
  if (error instanceof APIConnectionError) return failures.unreachable(error);
  if (error instanceof APIError) {
    // A status-less APIError is no HTTP refusal (an in-stream `error` object is read in readChunk).
    if (error.status === undefined) return failures.inStream(errorOf(error) ?? { message: error.message, type: null, code: null });
    return upstreamFailure(error.status, errorOf(error), error.headers, error);
  }
  if (error instanceof SyntaxError) return failures.malformed(error);
  // The socket closed or failed before the response was complete (undici's errors; "terminated" from its fetch).
  if (error instanceof undiciErrors.UndiciError || error instanceof TypeError || isSocketFailure(error)) {
    return responded ? failures.brokeOff(error) : failures.unreachable(error);
  }
  return new ProviderError('internal', 'Something went wrong on our side while getting the answer.', { cause: error });
}

/** The socket closed under the request (a keep-alive race), as opposed to refused, unresolved or timed out. */
export function isClosedConnection(error: unknown): boolean {
  if (!(error instanceof APIConnectionError)) return false;
  for (let cause = error.cause; cause instanceof Error; cause = cause.cause) {
    const code = (cause as Error & { code?: unknown }).code;
    if (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET' || code === 'EPIPE') return true;
  }
  return false;
}

/** A socket error from the operating system (reset, broken pipe) rather than from undici. */
function isSocketFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ECONNRESET' || code === 'EPIPE';
}
