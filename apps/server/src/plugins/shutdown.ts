import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Graceful shutdown's first step, before `close()`: see drain(). */
    shutdown: {
      /** True from drain() on: /readyz answers 503, new questions are refused. */
      readonly draining: boolean;
      /**
       * Stops taking new chats (503 SHUTTING_DOWN) and background jobs, lets running answers
       * finish for SHUTDOWN_STREAM_GRACE_MS, then ends and saves the rest. Everything else
       * (resume, Stop Responding, reads) keeps being served meanwhile; close() follows.
       */
      drain(): Promise<void>;
    };
  }
}

export const shutdownPlugin = fp(
  async (app) => {
    let draining: Promise<void> | null = null;
    app.decorate('shutdown', {
      get draining() {
        return draining !== null;
      },
      drain() {
        draining ??= (async () => {
          const streaming = app.services.chat.streaming;
          app.log.info({ streaming, graceMs: app.config.SHUTDOWN_STREAM_GRACE_MS }, 'draining: no new chats or jobs');
          await Promise.all([app.jobs.stop(), app.services.chat.drain(app.config.SHUTDOWN_STREAM_GRACE_MS)]);
          app.log.info('drained');
        })();
        return draining;
      },
    });
  },
  { name: 'shutdown', dependencies: ['services', 'jobs'] },
);
