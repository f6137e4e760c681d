import type { Counters } from './counters.js';

/** "At most `max` per window" on top of the shared counters (counters.ts). */
export interface RateCounter {
  /** Counts one event; `allowed` is false once `max` were already counted in the window. */
  hit(key: string, max: number, windowMs: number): Promise<{ allowed: boolean; retryAfterMs: number }>;
  reset(key: string): Promise<void>;
}

/** A limit counted in `counters` (in process or in Redis), its keys under `prefix`. */
export function createRateCounter(counters: Counters, prefix: string): RateCounter {
  return {
    async hit(key, max, windowMs) {
      const { count, resetInMs } = await counters.hit(prefix + key, windowMs);
      return count <= max ? { allowed: true, retryAfterMs: 0 } : { allowed: false, retryAfterMs: resetInMs };
    },
    reset: (key) => counters.reset(prefix + key),
  };
}
