import { Redis } from 'ioredis';
import Fastify from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { redisAvailable, testRedisUrl } from '../../test/redis.js';
import { createRedisStreamRegistry } from './redis-stream-registry.js';
import { StreamStopped } from './stream-registry.js';

const url = testRedisUrl();
const hasRedis = await redisAvailable(url);
if (!hasRedis) console.warn(`redis-stream-registry: Redis at ${url} unreachable, skipped`);

describe.skipIf(!hasRedis)('streams shared through Redis', () => {
  const clients: Redis[] = [];
  const registries: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    await Promise.all(registries.map((registry) => registry.close()));
    clients.forEach((client) => client.disconnect());
  });
  async function instance() {
    const redis = new Redis(url);
    const subscriber = new Redis(url);
    clients.push(redis, subscriber);
    const registry = createRedisStreamRegistry({ redis, subscriber, log: Fastify({ logger: false }).log });
    registries.push(registry);
    await new Promise((resolve) => setTimeout(resolve, 100)); // the subscription is in place
    return registry;
  }

  it('stop a stream held by another instance, for its owner only', async () => {
    const [a, b] = [await instance(), await instance()];
    const chatId = randomUUID();
    const controller = new AbortController();
    expect(a.register(chatId, 'visitor:1', controller)).toBe(true);
    await vi.waitFor(async () => expect(await clients[0]?.exists(`parley:stream-chat:${chatId}`)).toBe(1));

    expect(await b.stop(chatId, 'visitor:2')).toBe(false);
    expect(controller.signal.aborted).toBe(false);

    expect(await b.stop(chatId, 'visitor:1')).toBe(true);
    await vi.waitFor(() => expect(controller.signal.aborted).toBe(true));
    expect(controller.signal.reason).toBeInstanceOf(StreamStopped);
  });

  it('a signed-out session ends its streams on every instance, and only its own', async () => {
    const [a, b] = [await instance(), await instance()];
    const [signedOut, other] = [new AbortController(), new AbortController()];
    a.register(randomUUID(), 'user:1', signedOut, 'session-1');
    a.register(randomUUID(), 'user:1', other, 'session-2');

    expect(b.endSessions(['session-1'])).toBe(0); // none held on B itself

    await vi.waitFor(() => expect(signedOut.signal.aborted).toBe(true));
    expect(signedOut.signal.reason).toMatchObject({ reason: 'revoked' });
    expect(other.signal.aborted).toBe(false);
  });

  it('forget a stream once it is released', async () => {
    const [a, b] = [await instance(), await instance()];
    const chatId = randomUUID();
    const controller = new AbortController();
    a.register(chatId, 'user:1', controller);
    await vi.waitFor(async () => expect(await clients[0]?.exists(`parley:stream-chat:${chatId}`)).toBe(1));
    a.unregister(chatId, controller);
    await vi.waitFor(async () => expect(await clients[0]?.exists(`parley:stream-chat:${chatId}`)).toBe(0));
    expect(await b.stop(chatId, 'user:1')).toBe(false);
  });
});
