import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { createRedisClient, type RedisConnection } from '../platform/redis-client.js';
import { createServices, loadModelTokenizers, type ServiceOverrides, type Services, type SiteContent } from '../composition/services.js';
import type { Tracing } from '../composition/tracing.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    services: Services;
    /** The shared Redis connection when REDIS_URL or REDIS_CLUSTER_NODES is set (rate limits use it too). */
    redis: RedisConnection | null;
  }
}

export const servicesPlugin = fp<{ config: Config; overrides?: ServiceOverrides; content: SiteContent; tracing?: Tracing | null }>(
  async (app, { config, overrides, content, tracing }) => {
    const target = { url: config.REDIS_URL, clusterNodes: config.REDIS_CLUSTER_NODES };
    const shared =
      target.url || target.clusterNodes.length > 0
        ? {
            redis: createRedisClient(target, app.log, 'redis'),
            subscriber: createRedisClient(target, app.log, 'redis-subscriber'),
          }
        : null;
    await loadModelTokenizers(config);
    app.decorate('config', config);
    app.decorate<RedisConnection | null>('redis', shared?.redis ?? null);
    app.decorate('services', createServices(app.db, config, app.log, shared, overrides ?? {}, content, app.metricsRegistry, tracing));
    // a missing bucket or refused credentials stop the start with what to fix; an unreachable service is only logged
    app.addHook('onReady', () => app.services.storage.check());
    app.addHook('onClose', async () => {
      await app.services.close();
      shared?.redis.disconnect();
      shared?.subscriber.disconnect();
    });
  },
  { name: 'services', dependencies: ['database', 'metrics'] },
);
