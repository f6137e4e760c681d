import { agentPaths, type PreviewAgentRequest } from '@parley/contracts';
import { postEventStream, type EventStreamOptions } from '../../../lib/sse';

/** POST core/app/preview: how the draft would answer, streamed; nothing is saved. */
export function streamPreview(request: PreviewAgentRequest, options: EventStreamOptions) {
  return postEventStream(`/api${agentPaths.preview}`, request, options);
}
