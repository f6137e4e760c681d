import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { redisAvailable, testRedisUrl } from '../../test/redis.js';
import { createLocalCounters, createRedisCounters } from './counters.js';

const url = testRedisUrl();
const hasRedis = await redisAvailable(url);
if (!hasRedis) console.warn(`counters: Redis at ${url} unreachable, the shared counter tests are skipped`);
const log = Fastify({ logger: false }).log;

describe('in-process counters', () => {
  it('count hits per key within a window, and start again after it', async () => {
    let now = 1_000;
    const counters = createLocalCounters(() => now);
    expect(await counters.hit('sms:+100', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
    now += 10_000;
    expect(await counters.hit('sms:+100', 60_000)).toEqual({ count: 2, resetInMs: 50_000 });
    expect((await counters.hit('sms:+200', 60_000)).count).toBe(1);
    expect(await counters.peek('sms:+100')).toBe(2);
    now += 50_000;
    expect(await counters.peek('sms:+100')).toBe(0);
    expect((await counters.hit('sms:+100', 60_000)).count).toBe(1);
  });

  it('forget a key on reset', async () => {
    const counters = createLocalCounters();
    await counters.hit('k', 60_000);
    await counters.reset('k');
    expect(await counters.peek('k')).toBe(0);
  });
});

describe.skipIf(!hasRedis)('counters in Redis', () => {
  const clients: Redis[] = [];
  afterAll(() => clients.forEach((client) => client.disconnect()));
  const instance = () => {
    const client = new Redis(url);
    clients.push(client);
    return createRedisCounters(client, log);
  };

  it('are shared by every instance', async () => {
    const key = `test:${randomUUID()}`;
    const [a, b] = [instance(), instance()];
    expect((await a.hit(key, 60_000)).count).toBe(1);
    const second = await b.hit(key, 60_000);
    expect(second.count).toBe(2);
    expect(second.resetInMs).toBeGreaterThan(50_000);
    expect(second.resetInMs).toBeLessThanOrEqual(60_000);
    expect(await a.peek(key)).toBe(2);
    await b.reset(key);
    expect(await a.peek(key)).toBe(0);
  });

  it('forget a window once it is over', async () => {
    const key = `test:${randomUUID()}`;
    const counters = instance();
    await counters.hit(key, 100);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await counters.hit(key, 100)).count).toBe(1);
  });

  it('count on this instance while Redis is unreachable', async () => {
    const down = new Redis('redis://127.0.0.1:1', { enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null, lazyConnect: true });
    clients.push(down);
    const counters = createRedisCounters(down, log);
    expect((await counters.hit('k', 60_000)).count).toBe(1);
    expect((await counters.hit('k', 60_000)).count).toBe(2);
  });
});
