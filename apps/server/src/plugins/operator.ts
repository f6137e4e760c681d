import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../platform/app-error.js';
import type { Operator } from '../services/admin/audit-service.js';
import { userTokenOf } from './identity.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in operator, set by requireOperator; null elsewhere. */
    operator: Exclude<Operator, 'cli'> | null;
  }
  interface FastifyInstance {
    /**
     * onRequest hook of the console's calls: a live operator's token, or 404 ROUTE_NOT_FOUND for
     * everyone else (no token, a stale one, a disabled account, a user who is not an operator),
     * so that the console's calls look to them like calls that do not exist.
     */
    requireOperator: (request: FastifyRequest) => Promise<void>;
  }
}

export const operatorPlugin = fp(
  async (app) => {
    const { identity, userAdmin } = app.services;
    app.decorateRequest('operator', null);

    app.decorate('requireOperator', async (request: FastifyRequest) => {
      const user = await identity.authenticateUser(userTokenOf(request)).catch(() => null);
      const operator = user ? await userAdmin.operatorOf(user.userId) : null;
      if (!user || !operator || operator === 'cli') throw new AppError('ROUTE_NOT_FOUND');
      request.identity = user;
      request.operator = operator;
    });
  },
  { name: 'operator', dependencies: ['services', 'identity'] },
);
