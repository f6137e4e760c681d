import fp from 'fastify-plugin';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { createChatMetrics, type ChatStreamMetrics } from '../services/chat/chat-metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    metricsRegistry: Registry;
    /** Answer streams: in flight, time to first token, upstream errors. */
    chatMetrics: ChatStreamMetrics;
  }
}

/** One registry per app, so several apps in one process (tests) never collide. */
export const metricsPlugin = fp(
  async (app) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const labelNames = ['method', 'route', 'status_code'] as const;
    const requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code',
      labelNames,
      registers: [registry],
    });
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer HTTP requests, by method, route pattern and status code',
      labelNames,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });

    app.decorate('metricsRegistry', registry);
    app.decorate('chatMetrics', createChatMetrics(registry));
    app.addHook('onResponse', async (request, reply) => {
      // The route pattern, never the raw URL: unmatched paths share one label to bound cardinality.
      const labels = {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      };
      requests.inc(labels);
      duration.observe(labels, reply.elapsedTime / 1000);
    });
  },
  { name: 'metrics' },
);
