// Builds the web app and the server when their output is missing or older than their sources
// (`npm start`, `npm run start:two`, the benchmarks).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Builds a workspace when stale; `quiet` keeps the build's asset list and warnings out of sight unless it fails. */
function buildIfStale(workspace, output, sources, quiet) {
  const outputPath = join(root, output);
  const builtAt = existsSync(outputPath) ? statSync(outputPath).mtimeMs : 0;
  const changedAt = Math.max(...sources.map((s) => newestMtime(join(root, s))));
  if (builtAt > changedAt) return;
  console.log(`[start] building ${workspace} (${builtAt ? 'sources changed' : 'no build yet'})`);
  const result = spawnSync('npm', ['run', 'build', '--workspace', workspace], { cwd: root, stdio: quiet ? 'pipe' : 'inherit', encoding: 'utf8' });
  if (result.status === 0) return;
  if (quiet) process.stderr.write(`${result.stdout}${result.stderr}`);
  console.error(`[start] building ${workspace} failed`);
  process.exit(result.status ?? 1);
}

/** The web app (served by the server) and the server bundle, each rebuilt only when stale. */
export function buildAllIfStale({ web = true, quiet = false } = {}) {
  if (web) buildIfStale('@parley/web', 'apps/web/dist/index.html', ['apps/web/src', 'apps/web/index.html', 'packages/contracts/src'], quiet);
  buildIfStale('@parley/server', 'apps/server/dist/server.js', ['apps/server/src', 'packages/contracts/src'], quiet);
}
