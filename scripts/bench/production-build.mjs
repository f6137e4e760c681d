// The production build the page benchmarks drive: built when missing or older than its sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The newest modification time under a directory (source files only). */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).filter((name) => name !== 'node_modules' && name !== 'dist').map((name) => newestMtime(join(path, name))));
}

// A stale bundle would time yesterday's screen.
export function ensureProductionBuild() {
  const bundles = [join(root, 'apps/server/dist/server.js'), join(root, 'apps/web/dist/index.html')];
  const sources = ['apps/web/src', 'apps/web/index.html', 'apps/server/src', 'packages/contracts/src'].map((path) => newestMtime(join(root, path)));
  const missing = bundles.some((path) => !existsSync(path));
  const stale = !missing && Math.min(...bundles.map((path) => statSync(path).mtimeMs)) < Math.max(...sources);
  if (!missing && !stale) return;
  console.log(missing ? 'no build found: running npm run build' : 'the build is older than the sources: running npm run build');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore', timeout: 300_000 });
  if (result.status !== 0) throw new Error('npm run build failed');
}
