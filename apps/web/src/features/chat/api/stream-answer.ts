import { chatPaths, type CompletionsRequest, type ContinueRequest, type RegenerateRequest } from '@parley/contracts';
import { postEventStream, type EventStreamOptions } from '../../../lib/sse';

/** POST core/chat/completions: ask, and read the answer as it streams. */
export function streamCompletion(request: CompletionsRequest, options: EventStreamOptions) {
  return postEventStream(`/api${chatPaths.completions}`, request, options);
}

/** POST core/chat/regenerate: answer the chat's last question again, streamed. */
export function streamRegenerate(request: RegenerateRequest, options: EventStreamOptions) {
  return postEventStream(`/api${chatPaths.regenerate}`, request, options);
}

/** POST core/chat/continue: go on with the last answer where the output limit cut it, streamed. */
export function streamContinue(request: ContinueRequest, options: EventStreamOptions) {
  return postEventStream(`/api${chatPaths.continue}`, request, options);
}
