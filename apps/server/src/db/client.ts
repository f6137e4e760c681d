import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite/vector';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.js';
import { pgliteBaseFor } from './pglite-base.js';

export type Schema = typeof schema;

/** What repos take: the query builder both drivers share. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

interface HandleBase {
  /** True when the database answers `select 1`. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export type DatabaseHandle = HandleBase &
  (
    | { driver: 'pglite'; db: PgliteDatabase<Schema>; client: PGlite }
    | { driver: 'postgres'; db: NodePgDatabase<Schema>; client: pg.Pool }
  );

export interface OpenDatabaseOptions {
  /** postgres:// URL; empty means the embedded PGlite. */
  databaseUrl?: string;
  /** Where PGlite keeps its files (`<dataDir>/pglite`); ':memory:' keeps nothing. */
  dataDir?: string;
  /** PGlite in memory regardless of dataDir (tests). */
  memory?: boolean;
  /** A PGlite data dir dump to start from instead of an empty cluster (tests: migrated once). */
  pgliteDump?: Blob;
  /**
   * Where the dump a new embedded database starts from is (pglite-base.ts: the build's, beside the
   * bundle); false: it runs initdb (the build making that dump).
   */
  pgliteBase?: string | false;
  poolSize?: number;
  /**
   * 'transaction': DATABASE_URL is a pooler in transaction mode (PgBouncer's `pool_mode =
   * transaction`), where consecutive statements may run on different server connections. Statements
   * are then sent unnamed, so none relies on one prepared earlier on another connection.
   */
  poolMode?: 'session' | 'transaction';
  /** Receives errors of idle pooled connections, which would otherwise crash the process. */
  onPoolError?: (error: Error) => void;
}

/**
 * drizzle prepares the hottest statements by name (db/prepared.ts), and node-postgres then
 * prepares each once per connection. Behind a transaction-mode pooler the next use may land on
 * a server connection that never saw it, so the name is dropped: same SQL, parsed each time.
 */
function sendStatementsUnnamed(client: pg.PoolClient) {
  const query = client.query.bind(client) as (config: unknown, ...rest: unknown[]) => unknown;
  const unnamed = (config: unknown, ...rest: unknown[]) => {
    if (config && typeof config === 'object' && 'name' in config) {
      const { name: _name, ...unnamedConfig } = config as Record<string, unknown>;
      return query(unnamedConfig, ...rest);
    }
    return query(config, ...rest);
  };
  client.query = unnamed as typeof client.query;
}

async function pingWith(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/**
 * PostgreSQL's settings inside PGlite, beside its own start parameters. Its data files
 * already live in this process's memory (or the OS's page cache): the 128 MB of shared buffers
 * PostgreSQL keeps by default would hold a second copy of them, and stay in the process for good
 * (WebAssembly memory never shrinks). 16 MB keeps the hot pages of a chat's statements.
 */
const pgliteSettings = ['-c', 'shared_buffers=16MB'];

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    pool.on('error', (error) => options.onPoolError?.(error));
    // A connection lost while checked out (e.g. PostgreSQL restarting mid-transaction) emits
    // 'error' on its client, which the pool listens for only while the client is idle: without
    // this an unhandled 'error' event would end the process. The query in flight fails on its
    // own, and the pool discards the dead client when it is released.
    pool.on('connect', (client) => {
      client.on('error', (error) => options.onPoolError?.(error));
      if (options.poolMode === 'transaction') sendStatementsUnnamed(client);
    });
    const db = drizzlePostgres({ client: pool, schema });
    return {
      driver: 'postgres',
      db,
      client: pool,
      ping: () => pingWith(db),
      close: () => pool.end(),
    };
  }

  const inMemory = options.memory === true || !options.dataDir || options.dataDir === ':memory:';
  let dataDir: string | undefined;
  if (!inMemory && options.dataDir) {
    dataDir = path.resolve(options.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const loadDataDir = options.pgliteDump ?? (options.pgliteBase === false ? undefined : await pgliteBaseFor(dataDir, options.pgliteBase));
  const client = await PGlite.create({ dataDir, loadDataDir, extensions: { vector, pg_trgm }, startParams: [...PGlite.defaultStartParams, ...pgliteSettings] });
  const db = drizzlePglite({ client, schema });
  return {
    driver: 'pglite',
    db,
    client,
    ping: () => pingWith(db),
    close: () => client.close(),
  };
}
