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
        summary: 'Readiness: the database answers and the instance is not shutting down',
        response: { 200: envelope(readinessData), 503: envelope(readinessData) },
      },
    },
    async (_request, reply) => {
      const database = (await app.database.ping()) ? ('up' as const) : ('down' as const);
      if (app.shutdown.draining) {
        const { code, msg, status } = errorCodes.SHUTTING_DOWN;
        return reply.code(status).send({ code, msg, data: { status: 'not_ready', database, shuttingDown: true } });
      }
      if (database === 'up') return ok({ status: 'ready' as const, database });
      const { code, msg, status } = errorCodes.UNAVAILABLE;
      return reply.code(status).send({ code, msg, data: { status: 'not_ready', database } });
    },
  );
};
