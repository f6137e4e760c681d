import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, sessionData, verifyData, verifyRequest } from '@parley/contracts';
import { defaultModel } from '../config.js';
import { ok } from '../http/ok.js';
import { withErrorResponses } from '../http/route-schemas.js';

/** The site access password behind the 403 overlay. Both routes stay open so a client can get in. */
export const accessRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/session',
    {
      schema: {
        tags: ['access'],
        summary: 'Whether an access password is required, and the chat model in use',
        response: withErrorResponses({ 200: envelope(sessionData) }),
      },
    },
    async () => ok({ auth: app.services.access.required, model: defaultModel(app.config) }),
  );

  app.post(
    '/verify',
    {
      schema: {
        tags: ['access'],
        summary: 'Exchange the access password for an access token',
        body: verifyRequest,
        response: withErrorResponses({ 200: envelope(verifyData) }),
      },
    },
    async (request) => ok(app.services.access.verifyPassword(request.body.token)),
  );
};
