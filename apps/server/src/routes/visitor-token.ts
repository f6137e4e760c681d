import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, getVisitorTokenData, getVisitorTokenRequest } from '@parley/contracts';
import { ok } from '../http/ok.js';
import { withErrorResponses } from '../http/route-schemas.js';

/** POST /api/visitor/getToken: the one visitor route that needs no token. Limited per IP. */
export const visitorTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/getToken',
    {
      config: { rateLimit: { max: app.config.VISITOR_TOKEN_RATE_LIMIT, timeWindow: '1 minute' } },
      schema: {
        tags: ['visitor'],
        summary: 'Issue a visitor token bound to a 24-digit device id',
        body: getVisitorTokenRequest,
        response: withErrorResponses({ 200: envelope(getVisitorTokenData) }),
      },
    },
    async (request) => ok(await app.services.visitors.issueToken(request.body.deviceNumber)),
  );
};
