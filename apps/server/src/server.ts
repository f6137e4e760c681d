import { existsSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { startTracing } from './composition/tracing.js';
import { hasModelProvider, loadConfig, ConfigError } from './config.js';
import { ObjectStorageSettingsError } from './platform/object-storage.js';

async function main() {
  // Settings from the environment win over the optional .env file in the working directory.
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig(process.env);
  // Tracing starts before the rest is imported: its instrumentations patch pg and ioredis as they load.
  const tracing = await startTracing(process.env);
  const [{ buildApp }, { openDatabase }, { migrateDatabase }, { listenForMetrics }] = await Promise.all([
    import('./app.js'),
    import('./db/client.js'),
    import('./db/migrate.js'),
    import('./platform/metrics-listener.js'),
  ]);
  // the app's logger once there is an app; pool errors before that are not logged
  const logger: { current?: FastifyBaseLogger } = {};
  const db = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DB_POOL_SIZE,
    poolMode: config.DATABASE_POOL_MODE,
    onPoolError: (error) => logger.current?.warn({ err: error }, 'database connection lost'),
  });
  await migrateDatabase(db);
  const app = await buildApp({ config, db, tracing });
  logger.current = app.log;
  tracing?.logTo(app.log);
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
    // drain first (no new chats or jobs, running answers finish or end saved), close, then send the last spans
    app.shutdown
      .drain()
      .then(() => app.close())
      .then(() => tracing?.shutdown())
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
    { ready: true, url: address, database: db.driver, answers, models: config.LLM_MODELS, traces: tracing !== null, startupMs: Math.round(performance.now()) },
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
