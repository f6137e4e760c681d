import { describe, expect, it } from 'vitest';
import { createLocalCounters } from './counters.js';
import { createRateCounter } from './rate-counter.js';

describe('a rate limit on the shared counters', () => {
  it('allows max events per window per key, then says how long to wait', async () => {
    let now = 1_000;
    const counter = createRateCounter(createLocalCounters(() => now), 'login:');
    for (let i = 0; i < 3; i += 1) expect((await counter.hit('a', 3, 60_000)).allowed).toBe(true);
    expect(await counter.hit('a', 3, 60_000)).toEqual({ allowed: false, retryAfterMs: 60_000 });
    expect((await counter.hit('b', 3, 60_000)).allowed).toBe(true);
    now += 30_000;
    expect(await counter.hit('a', 3, 60_000)).toEqual({ allowed: false, retryAfterMs: 30_000 });
    now += 30_000;
    expect((await counter.hit('a', 3, 60_000)).allowed).toBe(true);
  });

  it('forgets a key on reset', async () => {
    const counter = createRateCounter(createLocalCounters(), 'login:');
    await counter.hit('a', 1, 60_000);
    expect((await counter.hit('a', 1, 60_000)).allowed).toBe(false);
    await counter.reset('a');
    expect((await counter.hit('a', 1, 60_000)).allowed).toBe(true);
  });

  it('keeps its keys apart from other limits on the same counters', async () => {
    const counters = createLocalCounters();
    const logins = createRateCounter(counters, 'login:');
    await logins.hit('+100', 1, 60_000);
    expect(await counters.peek('login:+100')).toBe(1);
    expect(await counters.peek('+100')).toBe(0);
  });
});
