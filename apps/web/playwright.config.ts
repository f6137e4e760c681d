import { defineConfig, devices } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { accessPassword, lockedPort, openPort } from './e2e/support/servers';

/** End-to-end journeys against the production build, served by the real server on in-memory PGlite. */
const root = fileURLToPath(new URL('../..', import.meta.url));

const serverCommand = 'node apps/server/dist/server.js';
const serverEnv = { DATA_DIR: ':memory:', LOG_LEVEL: 'warn', HOST: '127.0.0.1' };

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${openPort}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, locale: 'zh-CN' } }],
  webServer: [
    {
      command: serverCommand,
      cwd: root,
      url: `http://127.0.0.1:${openPort}/readyz`,
      // slow enough that a journey can watch an answer stream and stop it
      env: { ...serverEnv, PORT: String(openPort), OFFLINE_STREAM_DELAY_MS: '40' },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: serverCommand,
      cwd: root,
      url: `http://127.0.0.1:${lockedPort}/readyz`,
      env: { ...serverEnv, PORT: String(lockedPort), ACCESS_PASSWORD: accessPassword },
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
