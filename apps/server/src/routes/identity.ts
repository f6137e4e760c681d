import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, identityData } from '@parley/contracts';
import { AppError } from '../platform/app-error.js';
import { ok } from '../http/ok.js';
import { withErrorResponses } from '../http/route-schemas.js';

export const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/identity',
    {
      schema: {
        tags: ['identity'],
        summary: 'Who the server takes the caller to be',
        response: withErrorResponses({ 200: envelope(identityData) }),
      },
    },
    async (request) => {
      if (!request.identity) throw new AppError('UNAUTHORIZED');
      return ok(request.identity);
    },
  );
};
