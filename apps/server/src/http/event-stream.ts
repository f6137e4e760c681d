import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { StreamContext } from '../services/chat/answer-relay.js';

/**
 * Hands the response to a service that streams server-sent events: Fastify lets go of it, and the
 * service gets the request's log and id and when it arrived. Refusals happen before, as JSON.
 */
export function streamEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  stream: (res: ServerResponse, context: StreamContext) => Promise<void>,
): Promise<void> {
  reply.hijack();
  const receivedAt = performance.now() - reply.elapsedTime;
  return stream(reply.raw, { log: request.log, metrics: request.server.chatMetrics, requestId: request.id, receivedAt });
}
