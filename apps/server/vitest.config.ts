import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // several server processes on PostgreSQL and Redis: `npm run test:scale` (vitest.scale.config.ts)
    exclude: ['test/scale/**', '**/node_modules/**'],
    // Each file opens its own database: PGlite in memory from a migrated dump, or a fresh
    // PostgreSQL database when TEST_DATABASE_URL is set.
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
