import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import { runAdmin } from './run-admin.js';

/**
 * `npm run admin -- <command>`: operator tasks on the configured database. With the embedded
 * database (no DATABASE_URL) stop the server first: PGlite lets one process open its files.
 */
async function main(): Promise<number> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig(process.env);
  // npm runs scripts from the repository root; file names are meant from where the operator typed them
  const callerDir = process.env.INIT_CWD ?? process.cwd();
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 2, poolMode: config.DATABASE_POOL_MODE });
  try {
    await migrateDatabase(db);
    return await runAdmin(process.argv.slice(2), {
      db: db.db,
      config,
      out: (line) => process.stdout.write(`${line}\n`),
      readFile: (file) => readFile(path.resolve(callerDir, file), 'utf8'),
      writeFile: (file, text) => writeFile(path.resolve(callerDir, file), text, 'utf8'),
    });
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
