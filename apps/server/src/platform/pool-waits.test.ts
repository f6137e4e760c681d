import pg from 'pg';
import { Registry } from 'prom-client';
import { afterAll, describe, expect, it } from 'vitest';
import { observePoolWaits } from './pool-waits.js';

// On PostgreSQL only (TEST_DATABASE_URL, as `npm run test:pg` sets it): PGlite has no pool.
const url = process.env.TEST_DATABASE_URL;

/** A counter's value, or a histogram's `_count` or `_sum`. */
async function figure(registry: Registry, name: string): Promise<number> {
  for (const metric of await registry.getMetricsAsJSON()) {
    // a histogram's values name their series (`_count`, `_sum`, `_bucket`); a counter's do not
    const found = metric.values.find((value) => ((value as { metricName?: string }).metricName ?? metric.name) === name);
    if (found) return found.value;
  }
  return Number.NaN;
}

describe.skipIf(!url)('pool waits', () => {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const registry = new Registry();
  observePoolWaits(pool, registry);
  afterAll(() => pool.end());

  it('counts nothing as a wait while the pool has a connection to give, and every checkout as one', async () => {
    await pool.query('select 1');
    const client = await pool.connect();
    client.release();
    expect(await figure(registry, 'parley_db_pool_waits_total')).toBe(0);
    expect(await figure(registry, 'parley_db_pool_checkouts_total')).toBe(2);
  });

  it('counts a query and a checkout that queued behind a busy connection, with how long they waited', async () => {
    const busy = await pool.connect();
    const queuedQuery = pool.query('select 2 as two');
    const queuedCheckout = pool.connect();
    await new Promise((resolve) => setTimeout(resolve, 60));
    busy.release();
    expect((await queuedQuery).rows).toEqual([{ two: 2 }]);
    (await queuedCheckout).release();
    expect(await figure(registry, 'parley_db_pool_waits_total')).toBe(2);
    expect(await figure(registry, 'parley_db_pool_checkouts_total')).toBe(5);
    expect(await figure(registry, 'parley_db_pool_wait_seconds_count')).toBe(2);
    expect(await figure(registry, 'parley_db_pool_wait_seconds_sum')).toBeGreaterThanOrEqual(0.05);
  });
});
