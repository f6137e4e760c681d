import { chatPaths, type CompletionsRequest } from '@parley/contracts';
import { postEventStream, type EventStreamOptions } from '../../../lib/sse';

/** POST core/chat/completions in the widget's channel: ask, and read the answer as it streams. */
export function askInWidget(request: Omit<CompletionsRequest, 'channel'>, options: EventStreamOptions) {
  return postEventStream(`/api${chatPaths.completions}`, { ...request, channel: 'widget' }, { ...options, silent: true });
}
