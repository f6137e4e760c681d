import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { headers, type IdentityData } from '@parley/contracts';

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

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** `Authorization: Bearer <token>` first, then the custom token header older clients send. */
export function userTokenOf(request: FastifyRequest): string | undefined {
  const authorization = header(request, headers.authorization);
  const bearer = authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  return bearer ?? header(request, headers.userToken);
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
        header(request, headers.visitorToken),
        header(request, headers.deviceId),
      );
    });
  },
  { name: 'identity', dependencies: ['services'] },
);
