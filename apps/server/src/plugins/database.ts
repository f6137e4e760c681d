import fp from 'fastify-plugin';
import type { Database, DatabaseHandle } from '../db/client.js';
import { observePoolWaits } from '../platform/pool-waits.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The drizzle database repos are built on. */
    db: Database;
    /** The driver handle, for readiness checks. */
    database: DatabaseHandle;
  }
}

/** Exposes the database; closes it with the app only when the app opened it. */
export const databasePlugin = fp<{ handle: DatabaseHandle; closeWithApp: boolean }>(
  async (app, { handle, closeWithApp }) => {
    app.decorate<DatabaseHandle>('database', handle);
    app.decorate<Database>('db', handle.db);
    if (handle.driver === 'postgres') observePoolWaits(handle.client, app.metricsRegistry);
    if (closeWithApp) app.addHook('onClose', () => handle.close());
  },
  { name: 'database', dependencies: ['metrics'] },
);
