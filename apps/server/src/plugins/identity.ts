import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { headers, type IdentityData } from '@parley/contracts';
import { headerOf } from '../http/request-parts.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who the caller is, set by requireUser / requireVisitor; null elsewhere. */
    identity: IdentityData | null;
  }
  interface FastifyInstance {
    /** onRequest hook: a live user token, or 401 / 60000 / -104. */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** onRequest hook: a live visitor token bound to the sent device id, or -2. */
    requireVisitor: (request: FastifyRequest) => Promise<void>;
  }
}

/** `Authorization: Bearer <token>` first, then the custom token header older clients send. */
export function userTokenOf(request: FastifyRequest): string | undefined {
  const authorization = headerOf(request, headers.authorization);
  const bearer = authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  return bearer ?? headerOf(request, headers.userToken);
}

export const identityPlugin = fp(
  async (app) => {
    const identity = app.services.identity;
    app.decorateRequest('identity', null);

    app.decorate('requireUser', async (request: FastifyRequest) => {
      request.identity = await identity.authenticateUser(userTokenOf(request));
    });

    app.decorate('requireVisitor', async (request: FastifyRequest) => {
      request.identity = await identity.authenticateVisitor(
        headerOf(request, headers.visitorToken),
        headerOf(request, headers.deviceId),
      );
    });
  },
  { name: 'identity', dependencies: ['services'] },
);
