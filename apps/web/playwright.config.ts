import { defineConfig, devices } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { serverNodeFlags } from '../../scripts/server-node-flags.mjs';
import { machineFactor } from './e2e/support/machine';
import {
  accessPassword,
  agentsPort,
  demoContact,
  demoLinks,
  demoPort,
  fakeOpenAIPort,
  lockedPort,
  modelPort,
  openPort,
  scriptedModelPort,
  scriptedPort,
  slowStreamPort,
  smsGatewayPort,
  smsGatewayURL,
} from './e2e/support/servers';

/** End-to-end journeys against the production build, served by the real server on in-memory PGlite. */
const root = fileURLToPath(new URL('../..', import.meta.url));

const serverCommand = ['node', ...serverNodeFlags, 'apps/server/dist/server.js'].join(' ');
// journeys bring their own data; only the demo server (demoPort) loads the demo content
const serverEnv = { DATA_DIR: ':memory:', LOG_LEVEL: 'warn', HOST: '127.0.0.1', DEMO_DATA: 'off' };

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  // given for a developer's machine; CI's shared one gets more (e2e/support/machine.ts)
  timeout: 30_000 * machineFactor,
  expect: { timeout: 7_000 * machineFactor },
  use: {
    baseURL: `http://127.0.0.1:${openPort}`,
    trace: 'retain-on-failure',
    // the service worker (public/sw.js) would hide navigations from page.route; the journey that tests it allows it
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, locale: 'zh-CN' } }],
  webServer: [
    {
      command: `npx tsx apps/server/test/fake-sms-gateway/cli.ts --port ${smsGatewayPort}`,
      cwd: root,
      url: `${smsGatewayURL}/__fake/messages`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: serverCommand,
      cwd: root,
      url: `http://127.0.0.1:${openPort}/readyz`,
      // slow enough that a journey can watch an answer stream and stop it
      env: {
        ...serverEnv,
        PORT: String(openPort),
        OFFLINE_STREAM_DELAY_MS: '40',
        // SMS codes go to the local fake gateway, where the account journey reads them back.
        SMS_SENDER: 'http',
        SMS_GATEWAY_URL: `${smsGatewayURL}/send`,
      },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // answers that stream for ten seconds or more, so a journey can reload or drop the connection mid-answer even on a slow machine
      command: serverCommand,
      cwd: root,
      url: `http://127.0.0.1:${slowStreamPort}/readyz`,
      env: { ...serverEnv, PORT: String(slowStreamPort), OFFLINE_STREAM_DELAY_MS: '120' },
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
    {
      // The agents journey signs its creator up by SMS, with codes from the same fake gateway.
      command: serverCommand,
      cwd: root,
      url: `http://127.0.0.1:${agentsPort}/readyz`,
      env: {
        ...serverEnv,
        PORT: String(agentsPort),
        OFFLINE_STREAM_DELAY_MS: '20',
        SMS_SENDER: 'http',
        SMS_GATEWAY_URL: `${smsGatewayURL}/send`,
      },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // the model the next server talks to: echoes the question and records each request
      command: `npx tsx apps/server/test/fake-openai/cli.ts --port ${fakeOpenAIPort} --echo --models fake-model`,
      cwd: root,
      url: `http://127.0.0.1:${fakeOpenAIPort}/v1/models`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: serverCommand,
      cwd: root,
      url: `http://127.0.0.1:${modelPort}/readyz`,
      env: {
        ...serverEnv,
        PORT: String(modelPort),
        LLM_BASE_URL: `http://127.0.0.1:${fakeOpenAIPort}/v1`,
        LLM_API_KEY: 'sk-e2e-not-a-secret',
        LLM_MODELS: 'fake-model',
      },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // a model service the model-answers journey scripts: thinking, refusals, a small window
      command: `npx tsx apps/server/test/fake-openai/cli.ts --port ${scriptedModelPort} --models fake-r1`,
      cwd: root,
      url: `http://127.0.0.1:${scriptedModelPort}/v1/models`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: serverCommand,
      cwd: root,
      url: `http://127.0.0.1:${scriptedPort}/readyz`,
      env: { ...serverEnv, PORT: String(scriptedPort), LLM_BASE_URL: `http://127.0.0.1:${scriptedModelPort}/v1`, LLM_MODELS: 'fake-r1' },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: serverCommand,
      cwd: root,
      url: `http://127.0.0.1:${demoPort}/readyz`,
      env: {
        ...serverEnv,
        PORT: String(demoPort),
        DEMO_DATA: 'on',
        OFFLINE_STREAM_DELAY_MS: '0',
        LINK_PLATFORM_URL: demoLinks.platform,
        LINK_COMPLAINTS_URL: demoLinks.complaints,
        LINK_OLD_VERSION_URL: demoLinks.oldVersion,
        LINK_DOWNLOAD_URL: demoLinks.download,
        CONTACT_QQ: demoContact.qq,
        CONTACT_MAIL: demoContact.mail,
      },
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
