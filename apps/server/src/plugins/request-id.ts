import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import { headers } from '@parley/contracts';

/** A caller's id is kept when it looks like an id, so it cannot smuggle text into the logs. */
const acceptableRequestId = /^[A-Za-z0-9._:-]{1,128}$/;

export function genReqId(request: IncomingMessage): string {
  const given = request.headers[headers.requestId];
  return typeof given === 'string' && acceptableRequestId.test(given) ? given : randomUUID();
}

export const requestIdPlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      reply.header(headers.requestId, request.id);
    });
  },
  { name: 'request-id' },
);
