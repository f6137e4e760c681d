export { readEventStream, StreamInterruptedError, StreamProtocolError } from './read-event-stream';
export { postEventStream, type EventStreamOptions } from './sse-client';
