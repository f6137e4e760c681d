// Runs the server's integration suite again on a real PostgreSQL when TEST_DATABASE_URL is set,
// through a PgBouncer in transaction mode (scripts/pgbouncer.mjs): the strictest way Parley is
// deployed, where no statement may rely on a session. Without pgbouncer installed the run goes
// straight to PostgreSQL, unless SCALE_TESTS_REQUIRED=1 (CI), where that is a failure.
import { spawnSync } from 'node:child_process';
import { findPgBouncer, startPgBouncer } from './pgbouncer.mjs';

const upstream = process.env.TEST_DATABASE_URL;
if (!upstream) {
  console.log('[test:pg] TEST_DATABASE_URL is not set: the PostgreSQL run is skipped (PGlite ran above).');
  process.exit(0);
}
const shown = (url) => url.replace(/\/\/[^@]*@/, '//***@');
const binary = findPgBouncer();
if (!binary && process.env.SCALE_TESTS_REQUIRED === '1') {
  console.error('[test:pg] pgbouncer is not installed (apt-get install pgbouncer) and SCALE_TESTS_REQUIRED=1');
  process.exit(1);
}

const pooler = binary ? await startPgBouncer(upstream, binary) : null;
const env = pooler ? { ...process.env, TEST_DATABASE_URL: pooler.url, TEST_DATABASE_POOL_MODE: 'transaction' } : process.env;
console.log(
  pooler
    ? `[test:pg] server suite on ${shown(upstream)} through PgBouncer in transaction mode (${shown(pooler.url)})`
    : `[test:pg] server suite on ${shown(upstream)} (pgbouncer not installed: no pooler)`,
);
const result = spawnSync('npx', ['vitest', 'run', '--project', 'server'], { stdio: 'inherit', env });
await pooler?.stop();
process.exit(result.status ?? 1);
