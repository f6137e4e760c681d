// Runs the server's integration suite again on a real PostgreSQL when TEST_DATABASE_URL is set,
// as a production site runs: through a PgBouncer in transaction mode (scripts/pgbouncer.mjs), the
// strictest way Parley is deployed, where no statement may rely on a session, and with uploads in
// an S3 bucket (TEST_OBJECT_STORAGE=s3: an S3-protocol server on loopback, test/global-setup.ts). Without pgbouncer installed the run goes
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
const env = {
  ...process.env,
  TEST_OBJECT_STORAGE: process.env.TEST_OBJECT_STORAGE ?? 's3',
  ...(pooler ? { TEST_DATABASE_URL: pooler.url, TEST_DATABASE_POOL_MODE: 'transaction' } : {}),
};
console.log(
  pooler
    ? `[test:pg] server suite on ${shown(upstream)} through PgBouncer in transaction mode (${shown(pooler.url)}), uploads in ${env.TEST_OBJECT_STORAGE === 's3' ? 'an S3 bucket' : 'the database'}`
    : `[test:pg] server suite on ${shown(upstream)} (pgbouncer not installed: no pooler), uploads in ${env.TEST_OBJECT_STORAGE === 's3' ? 'an S3 bucket' : 'the database'}`,
);
const result = spawnSync('npx', ['vitest', 'run', '--project', 'server', '--maxWorkers=100%'], { stdio: 'inherit', env });
await pooler?.stop();
process.exit(result.status ?? 1);
