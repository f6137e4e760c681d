// Runs the server's integration suite again on a real PostgreSQL when TEST_DATABASE_URL is set.
import { spawnSync } from 'node:child_process';

if (!process.env.TEST_DATABASE_URL) {
  console.log('[test:pg] TEST_DATABASE_URL is not set: the PostgreSQL run is skipped (PGlite ran above).');
  process.exit(0);
}
console.log(`[test:pg] server suite on ${process.env.TEST_DATABASE_URL.replace(/\/\/[^@]*@/, '//***@')}`);
const result = spawnSync('npx', ['vitest', 'run', '--project', 'server'], { stdio: 'inherit' });
process.exit(result.status ?? 1);
