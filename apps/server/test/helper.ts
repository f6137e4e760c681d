import { randomInt } from 'node:crypto';
import { afterAll, inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import type { ServiceOverrides } from '../src/composition/services.js';
import { openTestDatabase, type TestDatabase } from './test-database.js';

export type ConfigOverrides = Partial<Record<keyof Config, string>>;

/** Keeps uploads in the database whatever the run's storage (TEST_OBJECT_STORAGE=s3 gives every app a bucket). */
export const filesInTheDatabase: ConfigOverrides = {
  S3_BUCKET: '',
  S3_ENDPOINT: '',
  S3_REGION: '',
  S3_ACCESS_KEY_ID: '',
  S3_SECRET_ACCESS_KEY: '',
  S3_FORCE_PATH_STYLE: '',
};

// vitest loads this module once per test file, so this hook and state belong to that file.
let database: Promise<TestDatabase> | undefined;
const apps: FastifyInstance[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await (await database)?.dispose();
});

/** The file's migrated database: PGlite in memory, or a fresh one on TEST_DATABASE_URL. */
export function testDatabase(): Promise<TestDatabase> {
  database ??= openTestDatabase();
  return database;
}

/** The METRICS_TOKEN test apps are built with. */
export const testMetricsToken = 'test-metrics-token';

/** The app's Prometheus text, fetched the way a scraper does. */
export async function readMetrics(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${testMetricsToken}` } });
  if (response.statusCode !== 200) throw new Error(`GET /metrics answered ${response.statusCode}: ${response.body}`);
  return response.body;
}

/**
 * The real app on the file's test database, with config overrides. It is not ready yet, so
 * a test may still add routes; the first `inject` readies it. Closed after the file.
 */
export async function buildTestApp(overrides: ConfigOverrides = {}, serviceOverrides: ServiceOverrides = {}): Promise<FastifyInstance> {
  const { handle } = await testDatabase();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: ':memory:',
    WEB_DIST_DIR: '/nonexistent/parley-web-dist',
    // tests run jobs themselves (app.jobs.runOnce) unless they turn the runner on
    JOBS_ENABLED: 'false',
    DEMO_DATA: 'off',
    METRICS_TOKEN: testMetricsToken,
    // TEST_OBJECT_STORAGE=s3: uploads go to the run's bucket (global-setup.ts)
    ...(inject('objectStorageSettings') ?? {}),
    ...overrides,
  });
  const app = await buildApp({ config, db: handle, overrides: serviceOverrides });
  apps.push(app);
  return app;
}

/** A random 24-digit device id, so tests never share a visitor by accident. */
export function newDeviceNumber(): string {
  return Array.from({ length: 24 }, () => randomInt(10)).join('');
}
