import type pg from 'pg';
import { Counter, Histogram, type Registry } from 'prom-client';

type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, release: (release?: unknown) => void) => void;

/**
 * Counts the checkouts of a pooled connection (one per statement outside a transaction, one per
 * transaction: what the database is asked, in round trips), those that had to queue because
 * every connection was busy (DB_POOL_SIZE reached), and how long they waited: a chat should
 * never wait on the pool. `pool.query` checks out through `connect` too, so both paths are seen.
 */
export function observePoolWaits(pool: pg.Pool, registry: Registry): void {
  const checkouts = new Counter({
    name: 'parley_db_pool_checkouts_total',
    help: 'Database connection checkouts: one per statement outside a transaction, one per transaction',
    registers: [registry],
  });
  const waits = new Counter({
    name: 'parley_db_pool_waits_total',
    help: 'Database connection checkouts that queued because every pooled connection was busy',
    registers: [registry],
  });
  const waited = new Histogram({
    name: 'parley_db_pool_wait_seconds',
    help: 'How long the checkouts that queued waited for a connection',
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const connect = pool.connect.bind(pool) as (callback?: ConnectCallback) => Promise<pg.PoolClient> | undefined;
  const observed = (callback?: ConnectCallback) => {
    checkouts.inc();
    const queues = pool.idleCount === 0 && pool.totalCount >= (pool.options.max ?? 10);
    if (!queues) return connect(callback);
    waits.inc();
    const done = waited.startTimer();
    if (callback) {
      return connect((error, client, release) => {
        done();
        callback(error, client, release);
      });
    }
    return connect()?.finally(done);
  };
  pool.connect = observed as typeof pool.connect;
}
