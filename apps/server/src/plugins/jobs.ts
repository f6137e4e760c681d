import fp from 'fastify-plugin';
import { jobRepo } from '../db/repos/job-repo.js';
import { jobKinds } from '../composition/job-kinds.js';
import { createJobMetrics } from '../platform/job-metrics.js';
import { createJobRunner, type JobRunner, type JobTracing } from '../platform/job-runner.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The background job queue: enqueue from anywhere; this instance runs jobs unless JOBS_ENABLED is false. */
    jobs: JobRunner;
  }
}

export const jobsPlugin = fp<{ trace?: JobTracing }>(
  async (app, { trace }) => {
    const repo = jobRepo(app.db);
    const metrics = createJobMetrics(app.metricsRegistry, () => repo.depth());
    const log = app.log.child({ component: 'jobs' });
    const runner = createJobRunner({
      jobs: repo,
      kinds: jobKinds(app.db, {
        log,
        maxPdfPages: app.config.KNOWLEDGE_MAX_PDF_PAGES,
        parseLimits: { timeoutMs: app.config.KNOWLEDGE_PARSE_TIMEOUT_MS, memoryMb: app.config.KNOWLEDGE_PARSE_MEMORY_MB },
        embedChunks: app.services.retrieval.embedChunks,
        storage: app.services.storage,
      }),
      log,
      settings: { pollMs: app.config.JOB_POLL_MS, leaseMs: app.config.JOB_LEASE_MS, concurrency: app.config.JOB_CONCURRENCY },
      onFinished: metrics.finished,
      trace,
    });
    app.decorate('jobs', runner);
    if (app.config.JOBS_ENABLED) app.addHook('onReady', () => runner.start());
    // before connections and the database close: a running job ends or goes back to the queue
    app.addHook('preClose', () => runner.stop());
  },
  { name: 'jobs', dependencies: ['database', 'metrics', 'services'] },
);
