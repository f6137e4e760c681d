import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** One statement on `adminUrl`'s server, on a connection of its own (databases cannot be made inside a pool's transaction). */
async function onServer(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(statement).finally(() => client.end());
}

/**
 * A fresh database named `<prefix>_<random>` next to `adminUrl`'s, for a bench on PostgreSQL;
 * `settings` become the database's defaults for every connection (ALTER DATABASE … SET).
 * `drop` removes it with its connections.
 */
export async function createScratchDatabase(adminUrl: string, prefix: string, settings: Record<string, string> = {}) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await onServer(adminUrl, `create database "${name}"`);
  for (const [setting, value] of Object.entries(settings)) {
    await onServer(adminUrl, `alter database "${name}" set ${setting} = '${value.replaceAll("'", "''")}'`);
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(adminUrl, `drop database if exists "${name}" with (force)`) };
}
