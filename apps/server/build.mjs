// Bundles the server into dist/server.js, the operators' command line into dist/admin.js and the worker that reads knowledge files
// into dist/parse-worker.js (src/knowledge/parse-in-worker.ts starts it from beside server.js): our code and @parley/contracts
// inlined, every other dependency left to node_modules (PGlite and others load files relative to their own package).
import { cp, readFile, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = fileURLToPath(new URL('.', import.meta.url));
const pkg = JSON.parse(await readFile(new URL('package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => name !== '@parley/contracts');

await rm(`${here}dist`, { recursive: true, force: true });
await build({
  entryPoints: { server: `${here}src/server.ts`, admin: `${here}src/admin/cli.ts`, 'parse-worker': `${here}src/knowledge/parse-worker.ts` },
  outdir: `${here}dist`,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  external: external.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'info',
});

// dist/server.js finds its migrations at ./migrations, as src/db/migrate.ts finds src/db/migrations.
await cp(`${here}src/db/migrations`, `${here}dist/migrations`, { recursive: true });
console.log('copied migrations to dist/migrations');
