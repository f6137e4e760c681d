import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, regionCheck, regionCheckPath } from '@parley/contracts';
import { ok } from '../http/ok.js';
import { withErrorResponses } from '../http/route-schemas.js';

/** The region gate's check: the caller's country code (ISO 3166-1 alpha-2) or "unknown". */
export const regionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    regionCheckPath,
    {
      schema: {
        tags: ['site'],
        summary: "The caller's country from the CDN header or the MaxMind database, else unknown",
        response: withErrorResponses({ 200: envelope(regionCheck) }),
      },
    },
    async (request) => ok({ code: await app.services.region.country({ ip: request.ip, headers: request.headers }) }),
  );
};
