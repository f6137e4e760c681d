import { Cluster, Redis, type ClusterNode, type RedisOptions } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/** One Redis or a Redis Cluster: the commands Parley sends work on both (keys used together share a hash tag). */
export type RedisConnection = Redis | Cluster;

/** Where the shared state lives: REDIS_URL, or REDIS_CLUSTER_NODES (which wins). */
export interface RedisTarget {
  url: string;
  clusterNodes: string[];
}

/** Fail fast: with Redis down, commands reject at once (no offline queue) instead of piling up. */
const failFast = { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000 } satisfies RedisOptions;
const retry = (attempt: number) => Math.min(attempt * 200, 2000);

/** `host:port` or `redis://[:password@]host:port`: the node, and the password and TLS of a URL. */
function clusterNode(entry: string): { node: ClusterNode; password?: string; tls: boolean } {
  const url = new URL(entry.includes('://') ? entry : `redis://${entry}`);
  return {
    node: { host: url.hostname, port: Number(url.port || 6379) },
    ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
    tls: url.protocol === 'rediss:',
  };
}

function connect(target: RedisTarget): RedisConnection {
  if (target.clusterNodes.length === 0) {
    return new Redis(target.url, { ...failFast, retryStrategy: retry, lazyConnect: false });
  }
  const nodes = target.clusterNodes.map(clusterNode);
  const first = nodes[0]!;
  return new Cluster(
    nodes.map(({ node }) => node),
    {
      enableOfflineQueue: false,
      clusterRetryStrategy: retry,
      redisOptions: {
        maxRetriesPerRequest: failFast.maxRetriesPerRequest,
        connectTimeout: failFast.connectTimeout,
        ...(first.password ? { password: first.password } : {}),
        ...(first.tls ? { tls: {} } : {}),
      },
    },
  );
}

/**
 * A connection that fails fast: with Redis down, commands reject at once (no offline queue)
 * instead of piling up, so callers can degrade (see README "Running several instances").
 * It keeps reconnecting in the background and logs each loss and recovery once.
 */
export function createRedisClient(target: RedisTarget, log: FastifyBaseLogger, name = 'redis'): RedisConnection {
  const client = connect(target);
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

/** Another connection to the same Redis or Cluster, e.g. for a blocking read that holds its connection. */
export function duplicateConnection(client: RedisConnection, options: { enableOfflineQueue: boolean }): RedisConnection {
  return client instanceof Cluster ? client.duplicate([], options) : client.duplicate(options);
}

/** Resolves once the connection is ready (or rejects after `timeoutMs`). */
export function redisReady(client: RedisConnection, timeoutMs = 3000): Promise<void> {
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
