// `npm run bench`: figures for the app shell — production build time, server start to first
// request served, and the JavaScript a first visit to /home downloads (raw, gzipped, and as the
// server sent it: its brotli copies).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const root = fileURLToPath(new URL('../..', import.meta.url));
const port = 4390;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function timeBuild() {
  const started = performance.now();
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
  if (result.status !== 0) throw new Error('npm run build failed');
  return (performance.now() - started) / 1000;
}

async function startServer(dataDir) {
  const started = performance.now();
  const child = spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) return { child, seconds: (performance.now() - started) / 1000 };
    } catch {
      await new Promise((r) => setTimeout(r, 10));
    }
  }
  child.kill();
  throw new Error('the server did not answer within 30 s');
}

async function firstScreenScripts() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const page = await browser.newPage();
  const scripts = new Set();
  // What the server sent for each (its brotli copy, when the browser takes brotli).
  const sentSizes = [];
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (!url.pathname.endsWith('.js') || scripts.has(url.pathname)) return;
    scripts.add(url.pathname);
    sentSizes.push(res.request().sizes().then((sizes) => sizes.responseBodySize));
  });
  await page.goto(`http://127.0.0.1:${port}/home`, { waitUntil: 'networkidle' });
  const sent = (await Promise.all(sentSizes)).reduce((sum, size) => sum + size, 0);
  await browser.close();
  let raw = 0;
  let gzipped = 0;
  for (const path of scripts) {
    const body = readFileSync(join(root, 'apps/web/dist', path));
    raw += body.length;
    gzipped += gzipSync(body, { level: 9 }).length;
  }
  return { count: scripts.size, raw, gzipped, sent };
}

async function stopServer(child) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

const buildSeconds = timeBuild();
const dataDir = mkdtempSync(join(tmpdir(), 'parley-bench-'));
try {
  // The first start creates and migrates the embedded database; the second opens it.
  const first = await startServer(dataDir);
  await stopServer(first.child);
  const { child, seconds: startSeconds } = await startServer(dataDir);
  try {
    const js = await firstScreenScripts();
    console.log(`production build:                 ${buildSeconds.toFixed(1)} s (target <= 20 s)`);
    console.log(`first start to first request:     ${(first.seconds * 1000).toFixed(0)} ms (creates and migrates the database)`);
    console.log(`start to first request:           ${(startSeconds * 1000).toFixed(0)} ms`);
    console.log(`first-screen JS (/home):          ${js.count} files, ${kb(js.raw)} raw, ${kb(js.gzipped)} gzipped (target <= 250 KB), ${kb(js.sent)} as the server sent it`);
  } finally {
    await stopServer(child);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
