import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chatConfigData, configPath, envelope, headers } from '@parley/contracts';
import { ownerOf } from '../db/repos/owner-scope.js';
import { ok } from '../http/ok.js';
import { headerOf } from '../http/request-parts.js';
import { withErrorResponses } from '../http/route-schemas.js';
import { userTokenOf } from '../plugins/identity.js';

/**
 * POST /config: the chat configuration with secrets redacted, and the caller's usage this month.
 * Open like /session; a user or visitor token, when sent, must be valid and adds the usage.
 */
export const chatConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    configPath,
    {
      onRequest: async (request) => {
        if (userTokenOf(request)) await app.requireUser(request);
        else if (headerOf(request, headers.visitorToken)) await app.requireVisitor(request);
      },
      schema: {
        tags: ['access'],
        summary: 'The chat configuration (no keys or secrets) and the caller’s usage this month',
        response: withErrorResponses({ 200: envelope(chatConfigData) }),
      },
    },
    async (request) => ok(await app.services.chatConfig.describe(request.identity ? ownerOf(request.identity) : null)),
  );
};
