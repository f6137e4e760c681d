import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/**
 * A Redis connection that fails fast: with Redis down, commands reject at once (no offline
 * queue) instead of piling up, so callers can degrade (see README "Running several instances").
 * It keeps reconnecting in the background and logs each loss and recovery once.
 */
export function createRedisClient(url: string, log: FastifyBaseLogger, name = 'redis'): Redis {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    lazyConnect: false,
  });
  let down = false;
  client.on('error', (error: Error) => {
    if (!down) log.warn({ err: error, connection: name }, 'Redis unavailable: degraded mode (see README)');
    down = true;
  });
  client.on('ready', () => {
    if (down) log.info({ connection: name }, 'Redis available again');
    down = false;
  });
  return client;
}

/** Resolves once the connection is ready (or rejects after `timeoutMs`). */
export function redisReady(client: Redis, timeoutMs = 3000): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      client.off('ready', onReady);
      reject(new Error(`Redis not ready after ${timeoutMs} ms`));
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    client.once('ready', onReady);
  });
}
