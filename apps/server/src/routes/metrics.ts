import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/metrics',
    {
      schema: {
        tags: ['health'],
        summary: 'Prometheus metrics (text exposition format)',
        response: { 200: z.string() },
      },
    },
    async (_request, reply) => {
      const registry = app.metricsRegistry;
      return reply.type(registry.contentType).send(await registry.metrics());
    },
  );
};
