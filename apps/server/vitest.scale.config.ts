import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * `npm run test:scale`: several server processes on PostgreSQL and Redis (test/scale). Apart from
 * the server project because they need those services and start processes: one file at a time.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'scale',
    environment: 'node',
    include: ['test/scale/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
