// `npm start`: builds the web app and the server when their output is missing or older than
// their sources, then runs the server as a child process and passes signals on to it.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildAllIfStale, root } from './build-if-stale.mjs';

buildAllIfStale();

const server = spawn(process.execPath, ['--enable-source-maps', join(root, 'apps/server/dist/server.js')], {
  cwd: process.cwd(),
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
