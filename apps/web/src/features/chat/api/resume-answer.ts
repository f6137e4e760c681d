import { chatPaths, type ResumeRequest } from '@parley/contracts';
import { postEventStream, type EventStreamOptions } from '../../../lib/sse';

/**
 * POST core/chat/resume: an answer still being written, after a lost connection or a reload.
 * The server sends the events after offset `after`, then the live ones; 404 once it has ended.
 */
export function streamResume(request: ResumeRequest, options: EventStreamOptions) {
  return postEventStream(`/api${chatPaths.resume}`, request, options);
}
