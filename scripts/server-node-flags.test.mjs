import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { serverNodeFlags } from './server-node-flags.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('the flags Node runs the server with', () => {
  it('are the Dockerfile CMD too', () => {
    const cmd = readFileSync(`${root}Dockerfile`, 'utf8')
      .split('\n')
      .find((line) => line.startsWith('CMD '));
    expect(JSON.parse(cmd.slice(4))).toEqual(['node', ...serverNodeFlags, 'apps/server/dist/server.js']);
  });

  it('are all flags this Node takes, in NODE_OPTIONS or not', () => {
    const run = spawnSync(process.execPath, [...serverNodeFlags, '-e', 'process.exit(0)'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
