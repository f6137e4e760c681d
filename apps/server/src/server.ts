import { existsSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { hasModelProvider, loadConfig, ConfigError } from './config.js';
import { buildApp } from './app.js';
import { openDatabase } from './db/client.js';
import { migrateDatabase } from './db/migrate.js';
import { listenForMetrics } from './platform/metrics-listener.js';
import { ObjectStorageSettingsError } from './platform/object-storage.js';

async function main() {
  // Settings from the environment win over the optional .env file in the working directory.
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig(process.env);
  // the app's logger once there is an app; pool errors before that are not logged
  const logger: { current?: FastifyBaseLogger } = {};
  const db = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DB_POOL_SIZE,
    onPoolError: (error) => logger.current?.warn({ err: error }, 'database connection lost'),
  });
  await migrateDatabase(db);
  const app = await buildApp({ config, db });
  logger.current = app.log;
  app.addHook('onClose', () => db.close());
  if (config.METRICS_PORT > 0) {
    const metrics = await listenForMetrics(app.metricsRegistry, { host: config.METRICS_HOST, port: config.METRICS_PORT });
    app.addHook('onClose', () => metrics.close());
    app.log.info({ url: metrics.url }, 'metrics are served on their own listener');
  }

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const deadline = setTimeout(() => {
      app.log.error({ timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, 'shutdown timed out, exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    deadline.unref();
    // drain first (no new chats or jobs, running answers finish or end saved), then close
    app.shutdown
      .drain()
      .then(() => app.close())
      .then(
        () => {
          app.log.info('closed cleanly');
          process.exit(0);
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  // `ready` marks the line `npm start` turns into the address to open (scripts/start-output.mjs)
  const answers = hasModelProvider(config) ? 'model service' : 'offline';
  app.log.info(
    { ready: true, url: address, database: db.driver, answers, models: config.LLM_MODELS, startupMs: Math.round(performance.now()) },
    `Parley is listening on ${address}`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else if (error instanceof ObjectStorageSettingsError) {
    console.error(`Invalid object storage settings:\n  ${error.message}`);
  } else {
    console.error('Parley failed to start:', error);
  }
  process.exit(1);
});
