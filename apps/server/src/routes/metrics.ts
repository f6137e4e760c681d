import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../platform/app-error.js';
import { sameSecret } from '../platform/metrics-listener.js';
import { withErrorResponses } from '../http/route-schemas.js';

/**
 * GET /metrics on the main listener: only with METRICS_TOKEN set, and only for a caller who
 * sends it as a bearer token. Without the setting the path does not exist here (see
 * METRICS_PORT for a listener of its own).
 */
export const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  const token = app.config.METRICS_TOKEN;
  if (token === '') return;
  app.get(
    '/metrics',
    {
      schema: {
        tags: ['health'],
        summary: 'Prometheus metrics (text exposition format); needs `Authorization: Bearer <METRICS_TOKEN>`',
        security: [{ bearer: [] }],
        response: withErrorResponses({ 200: { description: 'Prometheus text exposition format', content: { 'text/plain': { schema: z.string() } } } }),
      },
    },
    async (request, reply) => {
      const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!sameSecret(given, token)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new AppError('UNAUTHORIZED', 'Send the metrics token as a bearer token.');
      }
      const registry = app.metricsRegistry;
      return reply.type(registry.contentType).send(await registry.metrics());
    },
  );
};
