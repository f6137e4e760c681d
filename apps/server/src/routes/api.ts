import type { FastifyInstance } from 'fastify';
import { apiPrefix, visitorApiPrefix } from '@parley/contracts';
import { chatFeedbackRoutes } from './chat-feedback.js';
import { chatHistoryRoutes } from './chat-histories.js';
import { chatInitRoutes } from './chat-init.js';
import { chatShareRoutes } from './chat-shares.js';
import { chatStreamRoutes } from './chat-stream.js';
import { identityRoutes } from './identity.js';
import { visitorTokenRoutes } from './visitor-token.js';

/** The handlers users and visitors share; mounted once per audience. */
export async function registerApi(scope: FastifyInstance) {
  await scope.register(identityRoutes);
  await scope.register(chatInitRoutes);
  await scope.register(chatHistoryRoutes);
  await scope.register(chatFeedbackRoutes);
  await scope.register(chatShareRoutes);
  await scope.register(chatStreamRoutes);
}

/**
 * /api/* needs a user token, /api/visitor/* a visitor token bound to the device. The scopes
 * are siblings, so each gets its own hooks (and, later, its own limits).
 */
export async function apiRoutes(app: FastifyInstance) {
  await app.register(async (scope) => {
    scope.addHook('onRequest', app.requireUser);
    await registerApi(scope);
  }, { prefix: apiPrefix });

  await app.register(async (scope) => {
    scope.addHook('onRequest', app.requireVisitor);
    await registerApi(scope);
  }, { prefix: visitorApiPrefix });

  await app.register(visitorTokenRoutes, { prefix: visitorApiPrefix });
}
