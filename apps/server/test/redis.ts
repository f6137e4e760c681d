import { Redis } from 'ioredis';

/** The Redis the tests may use: TEST_REDIS_URL, or the machine's on loopback. */
export function testRedisUrl(): string {
  return process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
}

/** Whether Redis answers at `url`, within a second. */
export async function redisAvailable(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}
