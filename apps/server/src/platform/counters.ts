import type { RedisConnection } from './redis-client.js';
import type { FastifyBaseLogger } from 'fastify';

/** A key's count in its current window, this hit included, and when the window ends. */
export interface WindowCount {
  count: number;
  resetInMs: number;
}

/**
 * Fixed-window counters, the one counting abstraction of the server (sign-in attempts, SMS
 * sends, any "N per window" rule): in process for one instance, in Redis when several share
 * the limits. `hit` counts one more for `key`; the window starts with the key's first hit.
 */
export interface Counters {
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /** The current count without counting (0 when the window is over or never started). */
  peek(key: string): Promise<number>;
  /** Forgets the key (e.g. failed sign-ins after a successful one). */
  reset(key: string): Promise<void>;
}

/** In-process counters: one instance (no REDIS_URL), and the fallback while Redis is down. */
export function createLocalCounters(now: () => number = Date.now): Counters {
  const windows = new Map<string, { count: number; endsAt: number }>();
  let sweptAt = now();
  function sweep(at: number) {
    if (at - sweptAt < 60_000) return;
    sweptAt = at;
    for (const [key, window] of windows) if (window.endsAt <= at) windows.delete(key);
  }
  return {
    async hit(key, windowMs) {
      const at = now();
      sweep(at);
      const window = windows.get(key);
      if (!window || window.endsAt <= at) {
        windows.set(key, { count: 1, endsAt: at + windowMs });
        return { count: 1, resetInMs: windowMs };
      }
      window.count += 1;
      return { count: window.count, resetInMs: window.endsAt - at };
    },
    async peek(key) {
      const window = windows.get(key);
      return window && window.endsAt > now() ? window.count : 0;
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

const prefix = 'parley:counter:';
/** INCR, and the window's expiry on its first hit, in one round trip and atomically. */
const hitScript = `local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if n == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {n, ttl}`;

/**
 * Counters in Redis, shared by every instance. While Redis is unreachable each instance counts
 * on its own (logged once per outage): limits then hold per instance instead of site-wide,
 * which keeps the site serving rather than refusing everyone.
 */
export function createRedisCounters(redis: RedisConnection, log: FastifyBaseLogger, fallback = createLocalCounters()): Counters {
  let degraded = false;
  function degrade(error: unknown) {
    if (!degraded) log.warn({ err: error }, 'counters fall back to this instance while Redis is unavailable');
    degraded = true;
  }
  return {
    async hit(key, windowMs) {
      try {
        const [count, resetInMs] = (await redis.eval(hitScript, 1, prefix + key, windowMs)) as [number, number];
        degraded = false;
        return { count: Number(count), resetInMs: Number(resetInMs) };
      } catch (error) {
        degrade(error);
        return fallback.hit(key, windowMs);
      }
    },
    async peek(key) {
      try {
        return Number((await redis.get(prefix + key)) ?? 0);
      } catch (error) {
        degrade(error);
        return fallback.peek(key);
      }
    },
    async reset(key) {
      await fallback.reset(key);
      try {
        await redis.del(prefix + key);
      } catch (error) {
        degrade(error);
      }
    },
  };
}
