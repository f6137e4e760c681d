import { APIConnectionError, APIError } from 'openai';
import { errors as undiciErrors } from 'undici';
import { ProviderError } from './provider.js';

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
  inStream: (cause: unknown) =>
    new ProviderError('upstream_http', 'The model service reported an error while answering.', { cause }),
};

function httpFailure(status: number, cause: unknown): ProviderError {
  let message: string;
  if (status === 401 || status === 403) {
    message = "The model service refused this site's credentials. An operator needs to check the API key.";
  } else if (status === 404) {
    message = 'The selected model is not available on the model service.';
  } else if (status === 429) {
    message = 'The model service is busy right now. Please try again in a moment.';
  } else if (status === 400 || status === 413 || status === 422) {
    message = 'The model service rejected the request, possibly because the conversation is too long.';
  } else if (status >= 500) {
    message = 'The model service had an error. Please try again later.';
  } else {
    message = 'The model service refused the request.';
  }
  return new ProviderError('upstream_http', message, { status, cause });
}

/** Any failure of a completion request as a ProviderError; `responded` tells a broken answer from an unreachable service. */
export function toProviderError(error: unknown, responded: boolean): ProviderError {
  if (error instanceof ProviderError) return error;
  // Connection errors (refused, DNS, connect timeout) are APIErrors without a status; check them first.
  if (error instanceof APIConnectionError) return failures.unreachable(error);
  if (error instanceof APIError) {
    // A status-less APIError is no HTTP refusal (an in-stream `error` object is read in readChunk).
    return error.status === undefined ? failures.inStream(error) : httpFailure(error.status, error);
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
