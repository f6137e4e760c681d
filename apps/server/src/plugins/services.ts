import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Config } from '../config.js';
import { createRedisClient } from '../platform/redis-client.js';
import { createServices, loadModelTokenizers, type ServiceOverrides, type Services, type SiteContent } from '../composition/services.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    services: Services;
    /** The shared Redis connection when REDIS_URL is set (rate limits use it too). */
    redis: Redis | null;
  }
}

export const servicesPlugin = fp<{ config: Config; overrides?: ServiceOverrides; content?: SiteContent }>(
  async (app, { config, overrides, content }) => {
    const shared = config.REDIS_URL
      ? {
          redis: createRedisClient(config.REDIS_URL, app.log, 'redis'),
          subscriber: createRedisClient(config.REDIS_URL, app.log, 'redis-subscriber'),
        }
      : null;
    await loadModelTokenizers(config);
    app.decorate('config', config);
    app.decorate('redis', shared?.redis ?? null);
    app.decorate('services', createServices(app.db, config, app.log, shared, overrides, content, app.metricsRegistry));
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
