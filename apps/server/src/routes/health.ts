import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, errorCodes, healthData, readinessData } from '@parley/contracts';
import { ok } from '../http/ok.js';

/** Liveness and readiness for orchestrators; both stay open when an access password is set. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process is up',
        response: { 200: envelope(healthData) },
      },
    },
    async () => ok({ status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers',
        response: { 200: envelope(readinessData), 503: envelope(readinessData) },
      },
    },
    async (_request, reply) => {
      if (await app.database.ping()) return ok({ status: 'ready' as const, database: 'up' as const });
      const { code, msg, status } = errorCodes.UNAVAILABLE;
      return reply.code(status).send({ code, msg, data: { status: 'not_ready', database: 'down' } });
    },
  );
};
