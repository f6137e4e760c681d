import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'vite/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // the migrated database dump each test file's real server loads (test/real-server.ts)
    globalSetup: ['../server/test/global-setup.ts'],
    // jsdom renders of antd screens take seconds on a loaded 2-core CI machine; waits stay event-driven
    testTimeout: 30_000,
    // a file's beforeAll starts the real server (test/real-server.ts): seconds on a loaded machine
    hookTimeout: 60_000,
  },
});
