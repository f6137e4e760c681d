import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { openAIPrefix, withoutNul } from '@parley/contracts';
import type { Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { accessPasswordPlugin } from './plugins/access-password.js';
import { databasePlugin } from './plugins/database.js';
import { docsPlugin } from './plugins/docs.js';
import { errorsPlugin } from './plugins/errors.js';
import { operatorPlugin } from './plugins/operator.js';
import { identityPlugin } from './plugins/identity.js';
import { jobsPlugin } from './plugins/jobs.js';
import { metricsPlugin } from './plugins/metrics.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { genReqId, requestIdPlugin } from './plugins/request-id.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { servicesPlugin } from './plugins/services.js';
import { shutdownPlugin } from './plugins/shutdown.js';
import { spaPlugin } from './plugins/spa.js';
import { accessRoutes } from './routes/access.js';
import { chatConfigRoutes } from './routes/chat-config.js';
import { adminRoutes } from './routes/admin.js';
import { apiRoutes } from './routes/api.js';
import { fileRoutes } from './routes/files.js';
import { healthRoutes } from './routes/health.js';
import { openAIRoutes } from './routes/openai-api.js';
import { metricsRoutes } from './routes/metrics.js';
import { siteRoutes } from './routes/site.js';
import { widgetRoutes } from './routes/widget.js';
import { loadDemoDataOnFirstStart } from './seed/demo-data.js';
import { ensureOfficialAssistant, officialAssistantSeed, officialTopics } from './seed/official-assistant.js';
import type { ServiceOverrides } from './composition/services.js';
import type { Tracing } from './composition/tracing.js';

export interface BuildAppOptions {
  config: Config;
  /** An open (and migrated) database; without it the app opens one from config and closes it. */
  db?: DatabaseHandle;
  /** Test seams (e.g. letting the URL import reach a loopback test server). */
  overrides?: ServiceOverrides;
  /** Spans for requests, queries, model calls and jobs, and trace ids in the log; started by server.ts when an OTLP endpoint is set. */
  tracing?: Tracing | null;
}

/** Builds the whole server without listening: tests inject into it, server.ts listens. */
export async function buildApp({ config, db, overrides, tracing = null }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.LOG_LEVEL, ...(tracing ? { mixin: tracing.logFields } : {}) },
    genReqId,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: config.BODY_LIMIT_BYTES,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();
  // every text of every request is checked for NUL first (contracts: text-rules.ts), then the route's own schema
  app.setValidatorCompiler(({ schema, ...route }) => validatorCompiler({ ...route, schema: withoutNul.pipe(schema as z.ZodType) }));
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON; a plain-text body is refused as an unsupported type, not half-parsed.
  app.removeContentTypeParser('text/plain');

  const handle =
    db ??
    (await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      poolSize: config.DB_POOL_SIZE,
      poolMode: config.DATABASE_POOL_MODE,
      onPoolError: (error) => app.log.error({ err: error }, 'idle database connection failed'),
    }));

  // first, so that every route and hook registered after it is seen
  if (tracing) await app.register(tracing.requestSpans);
  await app.register(errorsPlugin);
  await app.register(requestIdPlugin);
  await app.register(securityHeadersPlugin, { imageHostsAllowed: config.IMAGE_HOSTS_ALLOWED });
  await app.register(metricsPlugin);
  await app.register(databasePlugin, { handle, closeWithApp: db === undefined });
  await app.register(servicesPlugin, { config, overrides, content: { officialTopics, officialSeed: officialAssistantSeed }, tracing });
  await app.register(jobsPlugin, { trace: tracing?.jobs });
  await app.register(shutdownPlugin);
  await ensureOfficialAssistant(app.db);
  if (config.DEMO_DATA === 'on') {
    const demo = await loadDemoDataOnFirstStart(app.db, { promoUrl: config.BROKER_SITE_URL });
    if (demo) app.log.info(demo, 'loaded the demo content (DEMO_DATA=off skips it)');
  }
  app.addHook('onReady', async () => {
    await app.services.chat.recoverInterrupted();
  });
  // running answers end (and are saved) as interrupted before connections are waited on
  app.addHook('preClose', async () => app.services.chat.close());
  await app.register(accessPasswordPlugin);
  await app.register(identityPlugin);
  await app.register(operatorPlugin);
  await app.register(rateLimitPlugin);
  await app.register(docsPlugin);

  await app.register(healthRoutes);
  await app.register(metricsRoutes);
  await app.register(accessRoutes);
  await app.register(chatConfigRoutes);
  await app.register(siteRoutes);
  await app.register(apiRoutes);
  await app.register(adminRoutes);
  await app.register(openAIRoutes, { prefix: openAIPrefix });
  await app.register(fileRoutes);
  await app.register(widgetRoutes);
  await app.register(spaPlugin, { distDir: config.WEB_DIST_DIR });

  return app;
}
