// Bundles the server into dist/server.js, the operators' command line into dist/admin.js, the worker that reads knowledge files
// into dist/parse-worker.js (src/knowledge/parse-in-worker.ts starts it from beside server.js) and the writer of a new embedded
// database's starting dump into dist/write-pglite-base.js (run below): our code and @parley/contracts
// inlined, every other dependency left to node_modules (PGlite and others load files relative to their own package).
// `node build.mjs <dir>` builds into another directory inside the repository (a test of the bundle; node_modules must be above it).
import { cp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { build } from 'esbuild';

const here = fileURLToPath(new URL('.', import.meta.url));
const outdir = path.resolve(process.argv[2] ?? `${here}dist`);
const pkg = JSON.parse(await readFile(new URL('package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => name !== '@parley/contracts');

await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: {
    server: `${here}src/server.ts`,
    admin: `${here}src/admin/cli.ts`,
    'parse-worker': `${here}src/knowledge/parse-worker.ts`,
    'write-pglite-base': `${here}src/db/write-pglite-base.ts`,
  },
  outdir,
  bundle: true,
  // Dynamic imports stay dynamic (chunks beside server.js): server.ts starts tracing before the code
  // importing pg, ioredis and fastify is loaded, and without an OTLP endpoint the SDK is never loaded.
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  external: external.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'info',
});

// dist/server.js finds its migrations at ./migrations, as src/db/migrate.ts finds src/db/migrations.
await cp(`${here}src/db/migrations`, path.join(outdir, 'migrations'), { recursive: true });
console.log(`copied migrations to ${path.relative(process.cwd(), path.join(outdir, 'migrations'))}`);

// A new embedded database starts from this dump of one made and migrated here, not from initdb (src/db/pglite-base.ts).
const base = path.join(outdir, 'pglite-base.tar');
const made = spawnSync(process.execPath, [path.join(outdir, 'write-pglite-base.js'), base], { stdio: 'inherit' });
if (made.status !== 0) throw new Error('writing the embedded database dump failed');
console.log(`wrote ${path.relative(process.cwd(), base)}`);
