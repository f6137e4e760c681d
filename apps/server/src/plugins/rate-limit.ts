import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { AppError } from '../platform/app-error.js';

/**
 * Limits are opted into per route (`config.rateLimit`); refusals go through the envelope. With
 * REDIS_URL the counts are shared by every instance; while Redis is unreachable requests are
 * let through (skipOnError) and the outage is logged by the Redis client: serving beats
 * refusing everyone.
 */
export const rateLimitPlugin = fp(
  async (app) => {
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: () => new AppError('RATE_LIMITED'),
      ...(app.redis ? { redis: app.redis, nameSpace: 'parley:rate-limit:', skipOnError: true } : {}),
    });
  },
  { name: 'rate-limit', dependencies: ['services'] },
);
