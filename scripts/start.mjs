// `npm start`: builds the web app and the server when their output is missing or older than
// their sources, then runs the server as a child process and passes signals on to it. It shows
// the address to open and the warnings (scripts/start-output.mjs); with LOG_LEVEL set, the whole log.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { buildAllIfStale, root } from './build-if-stale.mjs';
import { serverNodeFlags } from './server-node-flags.mjs';
import { humanLine } from './start-output.mjs';

buildAllIfStale({ quiet: true });

const wholeLog = Boolean(process.env.LOG_LEVEL);
const server = spawn(process.execPath, [...serverNodeFlags, join(root, 'apps/server/dist/server.js')], {
  cwd: process.cwd(),
  stdio: ['inherit', wholeLog ? 'inherit' : 'pipe', 'inherit'],
});
if (!wholeLog) {
  createInterface({ input: server.stdout }).on('line', (raw) => {
    const text = humanLine(raw);
    if (text !== null) console.log(text);
  });
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
