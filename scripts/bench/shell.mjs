// `npm run bench`: figures for the app shell — production build time, server start to first
// request served, and the JavaScript and CSS a first visit to /home downloads (raw, gzipped, and
// as the server sent it: its brotli copies). The same for a returning visitor opening a chat with
// messages by its address (/chat/:appId?chatId=), which also draws markdown.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { serverNodeFlags } from '../server-node-flags.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const port = 4390;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
// Issue 21: at most 250 KB of JavaScript gzipped and 40 KB of CSS as sent on the first screen.
const targets = { jsGzipped: 250 * 1024, cssSent: 40 * 1024 };
// The names the web app reads (apps/web/src/lib/storage/keys.ts) and the headers the server
// checks (packages/contracts/src/headers.ts).
const storageKeys = { visitorToken: 'VISITOR_SECRET_TOKEN', deviceId: 'DEVICE_ID' };
const headerNames = { visitorToken: 'x-parley-visitor-token', deviceId: 'x-parley-device' };

function timeBuild() {
  const started = performance.now();
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
  if (result.status !== 0) throw new Error('npm run build failed');
  return (performance.now() - started) / 1000;
}

async function startServer(dataDir) {
  const started = performance.now();
  const child = spawn(process.execPath, [...serverNodeFlags, 'apps/server/dist/server.js'], {
    cwd: root,
    // No model: the chat the bench opens is answered by the offline responder, at once.
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', LLM_BASE_URL: '', OFFLINE_STREAM_DELAY_MS: '0' },
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

/** A visitor with one answered question: the chat's address and the visitor's stored tokens. */
async function seedChat() {
  const origin = `http://127.0.0.1:${port}`;
  const deviceId = `${Date.now()}`.padEnd(24, '7').slice(0, 24);
  const tokenResponse = await fetch(`${origin}/api/visitor/getToken`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ deviceNumber: deviceId }),
  });
  const { data } = await tokenResponse.json();
  const auth = { token: data.visitorToken, deviceId };
  const answer = await fetch(`${origin}/api/visitor/core/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [headerNames.visitorToken]: auth.token, [headerNames.deviceId]: deviceId },
    body: JSON.stringify({ content: 'What is a **spread**? Show a `code` sample and a table.', usingContext: false }),
  });
  const chatId = /^event: start\r?\ndata: (.*)$/m.exec(await answer.text())?.[1];
  if (!chatId) throw new Error('seeding a chat failed: no start event');
  const init = await fetch(`${origin}/api/visitor/core/chat/init?chatId=${JSON.parse(chatId).chatId}`, {
    headers: { [headerNames.visitorToken]: auth.token, [headerNames.deviceId]: deviceId },
  });
  const envelope = await init.json();
  return { path: `/chat/${envelope.data.app.id}?chatId=${JSON.parse(chatId).chatId}`, auth };
}

/** The scripts and stylesheets a page downloads until the network is idle: count, raw, gzipped (level 9), and as sent. */
async function firstScreen(browser, path, auth) {
  const context = await browser.newContext();
  if (auth) {
    await context.addInitScript(
      ({ keys, token, deviceId }) => {
        localStorage.setItem(keys.visitorToken, token);
        localStorage.setItem(keys.deviceId, deviceId);
      },
      { keys: storageKeys, token: auth.token, deviceId: auth.deviceId },
    );
  }
  const page = await context.newPage();
  const files = { js: new Map(), css: new Map() };
  page.on('response', (res) => {
    const { pathname } = new URL(res.url());
    const kind = pathname.endsWith('.js') ? 'js' : pathname.endsWith('.css') ? 'css' : null;
    // What the server sent for each (its brotli copy, when the browser takes brotli).
    if (kind && !files[kind].has(pathname)) files[kind].set(pathname, res.request().sizes().then((sizes) => sizes.responseBodySize));
  });
  await page.goto(`http://127.0.0.1:${port}${path}`, { waitUntil: 'networkidle' });
  const measure = async (sent) => {
    let raw = 0;
    let gzipped = 0;
    for (const file of sent.keys()) {
      const body = readFileSync(join(root, 'apps/web/dist', file));
      raw += body.length;
      gzipped += gzipSync(body, { level: 9 }).length;
    }
    const sentBytes = (await Promise.all(sent.values())).reduce((sum, size) => sum + size, 0);
    return { count: sent.size, raw, gzipped, sent: sentBytes };
  };
  const result = { js: await measure(files.js), css: await measure(files.css) };
  await context.close();
  return result;
}

const verdict = (figure, target) => (figure <= target ? 'ok' : 'MISS');

function report(label, { js, css }) {
  console.log(
    `first-screen JS (${label}):`.padEnd(44) +
      `${js.count} files, ${kb(js.raw)} raw, ${kb(js.gzipped)} gzipped, ${kb(js.sent)} as the server sent it; ` +
      `gzipped ${kb(js.gzipped)} vs target <= ${kb(targets.jsGzipped)}: ${verdict(js.gzipped, targets.jsGzipped)}`,
  );
  console.log(
    `first-screen CSS (${label}):`.padEnd(44) +
      `${css.count} files, ${kb(css.raw)} raw, ${kb(css.gzipped)} gzipped, ${kb(css.sent)} as the server sent it; ` +
      `as sent ${kb(css.sent)} vs target <= ${kb(targets.cssSent)}: ${verdict(css.sent, targets.cssSent)}`,
  );
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
    const chat = await seedChat();
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    let home;
    let chatScreen;
    try {
      home = await firstScreen(browser, '/home');
      chatScreen = await firstScreen(browser, chat.path, chat.auth);
    } finally {
      await browser.close();
    }
    console.log(`production build:                 ${buildSeconds.toFixed(1)} s (target <= 20 s)`);
    console.log(`first start to first request:     ${(first.seconds * 1000).toFixed(0)} ms (creates and migrates the database)`);
    console.log(`start to first request:           ${(startSeconds * 1000).toFixed(0)} ms`);
    report('/home, first visit', home);
    report('a chat by its address', chatScreen);
  } finally {
    await stopServer(child);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
