// `npm run bench:chat-open`: how long opening a long chat takes, against opening an empty one.
// Seeds two chats with the official assistant through the real server (in-memory database,
// offline responder) — 100 and 500 questions with long text, so 200 and 1,000 messages — then
// opens /chat/<appId>?chatId=… in headless Chromium as that visitor and times navigation start ->
// the chat screen's `parley:chat-rendered` mark (set when the first page of messages is painted),
// and navigation start -> the end of the last long task. The floor is the same route, the same
// shell and the same visitor with no messages: /chat/<appId>, the chat the visitor has just
// started (its opening block paints the same mark). One cold load each, then 7 rounds of warm
// loads with a warm HTTP cache (a returning visitor), each round opening the empty, the 200- and
// the 1,000-message chat in turn, so the three share the machine's load. Issue 21: the 200-message
// chat takes at most 1.25x the empty one, the 1,000-message chat no more than the 200-message one.
// Then, in the 200-message chat, a question typed key by key (40 ms apart) under a Chromium trace:
// the main thread's work per keystroke, and the style and layout scripts forced. Loopback only;
// bounded in time.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { serverNodeFlags } from '../server-node-flags.mjs';
import { ensureProductionBuild } from './production-build.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const port = Number(process.env.CHAT_OPEN_BENCH_PORT ?? 4393);
const origin = `http://127.0.0.1:${port}`;
const runs = 7;
const renderedMark = 'parley:chat-rendered';
const chats = [
  { messages: 0, targetMs: null },
  { messages: 200, targetMs: 150, typing: true },
  { messages: 1000, targetMs: 250 },
];
// Issue 21: each chat against the one before it (median rendered time).
const ratioTargets = [
  { messages: 200, against: 0, atMost: 1.25 },
  { messages: 1000, against: 200, atMost: 1.0 },
];
// The names the web app reads (apps/web/src/lib/storage/keys.ts) and the headers the server
// checks (packages/contracts/src/headers.ts).
const storageKeys = { visitorToken: 'VISITOR_SECRET_TOKEN', deviceId: 'DEVICE_ID' };
const headerNames = { visitorToken: 'x-parley-visitor-token', deviceId: 'x-parley-device' };

const round = (value, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

let serverProcess = null;

async function startServer(workDir) {
  const child = spawn(process.execPath, [...serverNodeFlags, join(root, 'apps/server/dist/server.js')], {
    // A scratch working directory, so no .env file can point the server at a real model.
    cwd: workDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: ':memory:',
      DATABASE_URL: '',
      LLM_BASE_URL: '',
      LOG_LEVEL: 'warn',
      OFFLINE_STREAM_DELAY_MS: '0',
      VISITOR_DAILY_MESSAGES: '1000000',
      CHAT_RATE_LIMIT: '1000000',
      VISITOR_TOKEN_RATE_LIMIT: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  serverProcess = child;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return child;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  child.kill('SIGTERM');
  throw new Error('the server did not answer within 60 s');
}

async function stopServer(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function api(path, { method = 'GET', body, auth } = {}) {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(auth && { [headerNames.visitorToken]: auth.token, [headerNames.deviceId]: auth.deviceId }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  return response;
}

async function visitor() {
  const deviceId = `${Date.now()}`.padEnd(24, '7').slice(0, 24);
  const response = await api('/api/visitor/getToken', { method: 'POST', body: { deviceNumber: deviceId } });
  const envelope = await response.json();
  if (!response.ok || envelope.code !== 0) throw new Error(`getToken failed: ${response.status} ${JSON.stringify(envelope)}`);
  return { token: envelope.data.visitorToken, deviceId };
}

// Varied, long questions (~1,500 characters, some markdown), so the screen lays out real text.
const topics = ['token buckets', 'database indexes', 'TLS handshakes', 'React rendering', 'garbage collection', 'message queues', 'CSS layout', 'DNS caching'];
function question(index, total) {
  const topic = topics[index % topics.length];
  const paragraph = (n) =>
    `Paragraph ${n} about ${topic}: I have read the documentation twice and I still do not see how the pieces fit together when the load grows, when a node restarts in the middle of a request, or when two clients race for the same resource. Please explain it step by step, with the trade-offs and what you would measure first.`;
  return [
    `Question ${index + 1} of ${total}: how do ${topic} behave under load?`,
    paragraph(1),
    paragraph(2),
    `- what happens first\n- what can fail\n- how to \`observe\` it in production`,
    paragraph(3),
    paragraph(4),
  ].join('\n\n');
}

/** Asks one question over SSE and returns the chat id from the `start` event. */
async function ask(auth, chatId, content) {
  const response = await api('/api/visitor/core/chat/completions', { method: 'POST', auth, body: { chatId, content, usingContext: false } });
  const text = await response.text();
  if (!response.ok) throw new Error(`completions answered ${response.status}: ${text.slice(0, 300)}`);
  const events = [...text.matchAll(/^event: (\w+)\r?\ndata: (.*)$/gm)].map(([, event, data]) => ({ event, data: JSON.parse(data) }));
  const failed = events.find((event) => event.event === 'error');
  if (failed) throw new Error(`the answer failed: ${JSON.stringify(failed.data)}`);
  const start = events.find((event) => event.event === 'start');
  if (!start || !events.some((event) => event.event === 'done')) throw new Error(`unexpected stream: ${text.slice(0, 300)}`);
  return start.data.chatId;
}

async function seedChat(auth, questions) {
  let chatId;
  for (let index = 0; index < questions; index++) chatId = await ask(auth, chatId, question(index, questions));
  return chatId;
}

/** The app id and the number of messages the server holds for the chat. */
async function describeChat(auth, chatId) {
  const response = await api(`/api/visitor/core/chat/init?chatId=${chatId}`, { auth });
  const envelope = await response.json();
  if (!response.ok || envelope.code !== 0) throw new Error(`chat/init failed: ${response.status} ${JSON.stringify(envelope).slice(0, 300)}`);
  return { appId: envelope.data.app.id, firstPage: envelope.data.items.length, hasMore: envelope.data.hasMore };
}

async function openChat(page, url, lastQuestion) {
  await page.goto(url, { waitUntil: 'commit', timeout: 30_000 });
  const found = await page
    .waitForFunction((mark) => performance.getEntriesByName(mark, 'mark').length > 0, renderedMark, { timeout: 20_000 })
    .then(() => true)
    .catch(() => false);
  if (!found) return null;
  // Long tasks that end shortly after the paint still delay the first interaction.
  await page.waitForTimeout(1000);
  return page.evaluate(
    ([mark, text]) => {
      const [rendered] = performance.getEntriesByName(mark, 'mark');
      const longTasks = globalThis.__benchLongTasks ?? [];
      const [navigation] = performance.getEntriesByType('navigation');
      const resources = performance.getEntriesByType('resource');
      const chatInit = resources.find((entry) => entry.name.includes('/core/chat/init'));
      const scripts = resources.filter((entry) => new URL(entry.name).pathname.endsWith('.js'));
      const lastLongTaskEnd = longTasks.length ? Math.max(...longTasks.map((task) => task.startTime + task.duration)) : null;
      return {
        renderedMs: rendered.startTime,
        lastLongTaskEndMs: lastLongTaskEnd,
        // Painted and no long task left: when the screen can answer a click at once.
        quietMs: Math.max(rendered.startTime, lastLongTaskEnd ?? 0),
        longTasks: longTasks.length,
        longTaskMs: longTasks.reduce((sum, task) => sum + task.duration, 0),
        // Where the time goes: the document and scripts, then the chat's first page of messages.
        domContentLoadedMs: navigation?.domContentLoadedEventEnd ?? null,
        chatInitRequest: chatInit ? { startMs: chatInit.startTime, endMs: chatInit.responseEnd, bytes: chatInit.encodedBodySize } : null,
        scripts: scripts.length,
        scriptsEndMs: Math.max(0, ...scripts.map((entry) => entry.responseEnd)),
        apiRequests: resources
          .filter((entry) => new URL(entry.name).pathname.startsWith('/api/'))
          .map((entry) => ({ path: new URL(entry.name).pathname, startMs: Math.round(entry.startTime), endMs: Math.round(entry.responseEnd) })),
        showsLastQuestion: text === null || globalThis.document.body.innerText.includes(text),
      };
    },
    [renderedMark, lastQuestion],
  );
}

const typedQuestion = 'How do I check the licence of a forex broker before I deposit?';

/** Types a question into the open chat's box under a trace: main-thread work and forced style/layout per keystroke. */
async function typingCost(browser, page) {
  const box = page.getByRole('textbox', { name: 'Your question' });
  await box.click();
  await page.waitForTimeout(300);
  await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline.stack'] });
  await page.keyboard.type(typedQuestion, { delay: 40 });
  await page.waitForTimeout(200);
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString('utf8'));
  await box.fill('');
  const keys = traceEvents.filter((event) => event.name === 'EventDispatch' && event.args?.data?.type === 'keydown');
  if (keys.length === 0) return null;
  const { pid, tid } = keys[0];
  const from = keys[0].ts;
  const to = keys.at(-1).ts + 40_000;
  const mainThread = traceEvents.filter((event) => event.pid === pid && event.tid === tid && event.ph === 'X' && event.ts >= from && event.ts <= to);
  const topLevel = [];
  for (const task of mainThread.filter((event) => event.name === 'ThreadControllerImpl::RunTask').sort((a, b) => a.ts - b.ts)) {
    const last = topLevel.at(-1);
    if (!last || task.ts >= last.ts + last.dur) topLevel.push(task);
  }
  const forced = mainThread.filter(
    (event) => (event.name === 'Layout' || event.name === 'UpdateLayoutTree') && (event.args?.beginData?.stackTrace ?? event.args?.data?.stackTrace),
  );
  return {
    keys: keys.length,
    mainThreadMsPerKey: round(topLevel.reduce((sum, task) => sum + (task.tdur ?? task.dur), 0) / 1000 / keys.length, 2),
    forcedPerKey: round(forced.length / keys.length, 2),
    forcedMsPerKey: round(forced.reduce((sum, event) => sum + event.dur, 0) / 1000 / keys.length, 2),
  };
}

/** A tab of its own (its own HTTP cache) for one chat, as the visitor. */
async function openTab(browser, auth, chat) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(
    ({ keys, token, deviceId }) => {
      localStorage.setItem(keys.visitorToken, token);
      localStorage.setItem(keys.deviceId, deviceId);
      globalThis.__benchLongTasks = [];
      new PerformanceObserver((list) => globalThis.__benchLongTasks.push(...list.getEntries().map(({ startTime, duration }) => ({ startTime, duration })))).observe({
        type: 'longtask',
        buffered: true,
      });
    },
    { keys: storageKeys, token: auth.token, deviceId: auth.deviceId },
  );
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  const url = chat.chatId ? `${origin}/chat/${chat.appId}?chatId=${chat.chatId}` : `${origin}/chat/${chat.appId}`;
  const lastQuestion = chat.questions ? `Question ${chat.questions} of ${chat.questions}:` : null;
  return { context, page, open: () => openChat(page, url, lastQuestion) };
}

function summarize(cold, warm, typing) {
  if (!cold || warm.some((result) => result === null)) return { markMissing: true };
  const rendered = warm.map((result) => result.renderedMs);
  const quiet = warm.map((result) => result.quietMs);
  const medianOf = (pick) => {
    const values = warm.map(pick).filter((value) => typeof value === 'number');
    return values.length ? round(median(values)) : null;
  };
  return {
    markMissing: false,
    typing,
    coldRenderedMs: round(cold.renderedMs),
    renderedMedianMs: round(median(rendered)),
    renderedMaxMs: round(Math.max(...rendered)),
    quietMedianMs: round(median(quiet)),
    quietMaxMs: round(Math.max(...quiet)),
    longTasksMedian: median(warm.map((result) => result.longTasks)),
    longTaskMsMedian: medianOf((result) => result.longTaskMs),
    domContentLoadedMedianMs: medianOf((result) => result.domContentLoadedMs),
    chatInitStartMedianMs: medianOf((result) => result.chatInitRequest?.startMs),
    chatInitEndMedianMs: medianOf((result) => result.chatInitRequest?.endMs),
    chatInitBytes: warm[0].chatInitRequest?.bytes ?? null,
    scriptsEndMedianMs: medianOf((result) => result.scriptsEndMs),
    scripts: warm[0].scripts,
    apiRequestsOfFirstRun: warm[0].apiRequests,
    showsLastQuestion: warm.every((result) => result.showsLastQuestion),
    runs: warm.map((result) => ({
      renderedMs: round(result.renderedMs),
      lastLongTaskEndMs: result.lastLongTaskEndMs === null ? null : round(result.lastLongTaskEndMs),
      longTasks: result.longTasks,
      domContentLoadedMs: result.domContentLoadedMs === null ? null : round(result.domContentLoadedMs),
      chatInitEndMs: result.chatInitRequest ? round(result.chatInitRequest.endMs) : null,
    })),
  };
}

/**
 * Opens every chat in its own tab: a cold load each, then `runs` rounds in which each chat is
 * opened once, in turn, so a busy moment of the machine falls on all of them alike.
 */
async function measureAll(browser, auth, seeded) {
  const tabs = [];
  try {
    for (const chat of seeded) tabs.push(await openTab(browser, auth, chat));
    const cold = [];
    for (const tab of tabs) cold.push(await tab.open());
    const warm = tabs.map(() => []);
    for (let run = 0; run < runs; run++) {
      for (const [index, tab] of tabs.entries()) {
        // a tab whose mark never appeared gets no more loads: its figure is already missing
        if (cold[index] && !warm[index].includes(null)) warm[index].push(await tab.open());
      }
    }
    const results = [];
    for (const [index, chat] of seeded.entries()) {
      const complete = cold[index] && warm[index].length === runs && !warm[index].includes(null);
      const typing = chat.typing && complete ? await typingCost(browser, tabs[index].page) : null;
      results.push({ messages: chat.messages, targetMs: chat.targetMs, firstPage: chat.firstPage, ...summarize(cold[index], warm[index], typing) });
    }
    return results;
  } finally {
    for (const tab of tabs) await tab.context.close();
  }
}

/** Each chat's median against the one it is held to, as a ratio with its verdict. */
function ratios(results) {
  const byMessages = new Map(results.map((result) => [result.messages, result]));
  return ratioTargets.map(({ messages, against, atMost }) => {
    const chat = byMessages.get(messages);
    const floor = byMessages.get(against);
    if (!chat || !floor || chat.markMissing || floor.markMissing) return { messages, against, atMost, ratio: null };
    const ratio = round(chat.renderedMedianMs / floor.renderedMedianMs, 2);
    const quietRatio = round(chat.quietMedianMs / floor.quietMedianMs, 2);
    return { messages, against, atMost, floorMs: floor.renderedMedianMs, figureMs: chat.renderedMedianMs, ratio, quietRatio, ok: ratio <= atMost };
  });
}

async function main() {
  ensureProductionBuild();
  const workDir = mkdtempSync(join(tmpdir(), 'parley-chat-open-'));
  const server = await startServer(workDir);
  try {
    const routeProbe = await api('/api/visitor/core/chat/completions', { method: 'POST', body: {} });
    if (routeProbe.status === 404) throw new Error('the server has no /core/chat/completions route yet: nothing to seed');
    const auth = await visitor();
    const seeded = [];
    for (const chat of chats.filter((candidate) => candidate.messages > 0)) {
      const started = performance.now();
      const questions = chat.messages / 2;
      const chatId = await seedChat(auth, questions);
      const described = await describeChat(auth, chatId);
      seeded.push({ ...chat, questions, chatId, ...described });
      console.log(`seeded ${chat.messages} messages in ${round((performance.now() - started) / 1000)} s (first page: ${described.firstPage} messages)`);
    }
    // the empty chat: the official assistant's chat route with no chat yet
    seeded.unshift({ ...chats[0], questions: 0, chatId: null, appId: seeded[0].appId, firstPage: 0 });
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    const loadBefore = loadavg()[0];
    let results;
    try {
      results = await measureAll(browser, auth, seeded);
    } finally {
      await browser.close();
    }
    const loadAfter = loadavg()[0];
    console.log(`\nchat open: navigation start -> '${renderedMark}', ${runs} interleaved warm loads each (median / max), plus one cold load\n`);
    for (const result of results) {
      if (result.markMissing) {
        console.log(`${result.messages} messages: the '${renderedMark}' mark never appeared — no figure`);
        continue;
      }
      const verdict = result.targetMs === null ? '' : result.renderedMedianMs <= result.targetMs ? ' ok' : ' MISS';
      const target = result.targetMs === null ? '(the floor: no messages)' : `(target <= ${result.targetMs} ms)`;
      console.log(
        `${String(result.messages).padStart(5)} messages: rendered ${result.renderedMedianMs} / ${result.renderedMaxMs} ms${verdict} ${target}; ` +
          `rendered and no long task left ${result.quietMedianMs} / ${result.quietMaxMs} ms; cold load ${result.coldRenderedMs} ms` +
          (result.showsLastQuestion ? '' : ' [the newest question was not on screen]'),
      );
      console.log(
        `${' '.repeat(16)}median breakdown: DOMContentLoaded ${result.domContentLoadedMedianMs} ms, ${result.scripts} scripts loaded by ${result.scriptsEndMedianMs} ms, ` +
          `chat/init ${result.chatInitStartMedianMs} -> ${result.chatInitEndMedianMs} ms (${result.chatInitBytes} bytes), long tasks ${result.longTasksMedian} totalling ${result.longTaskMsMedian} ms`,
      );
      if (result.typing) {
        console.log(
          `${' '.repeat(16)}typing a question (${result.typing.keys} keys, traced): main thread ${result.typing.mainThreadMsPerKey} ms per key, ` +
            `style/layout forced by script ${result.typing.forcedPerKey} times per key (${result.typing.forcedMsPerKey} ms)`,
        );
      }
    }
    const compared = ratios(results);
    console.log('');
    for (const { messages, against, atMost, floorMs, figureMs, ratio, quietRatio, ok } of compared) {
      const label = `${messages} vs ${against === 0 ? 'empty' : against} messages:`.padEnd(26);
      if (ratio === null) {
        console.log(`${label}no figure (a mark was missing)`);
        continue;
      }
      console.log(
        `${label}floor ${floorMs} ms, figure ${figureMs} ms, ratio ${ratio.toFixed(2)}x ${ok ? 'ok' : 'MISS'} (target <= ${atMost.toFixed(2)}x); ` +
          `rendered and no long task left: ratio ${quietRatio.toFixed(2)}x`,
      );
    }
    console.log(`load average (1 min) before/after: ${round(loadBefore, 2)} / ${round(loadAfter, 2)} on ${availableParallelism()} CPUs`);
    mkdirSync(join(root, 'bench-results'), { recursive: true });
    const output = { measuredAt: new Date().toISOString(), runs, mark: renderedMark, loadAverage: { before: round(loadBefore, 2), after: round(loadAfter, 2) }, results, ratios: compared };
    writeFileSync(join(root, 'bench-results/chat-open.json'), `${JSON.stringify(output, null, 2)}\n`);
    console.log('written: bench-results/chat-open.json');
    if (results.some((result) => result.markMissing)) process.exitCode = 1;
  } finally {
    await stopServer(server);
    rmSync(workDir, { recursive: true, force: true });
  }
}

const deadline = setTimeout(() => {
  console.error('chat-open benchmark: gave up after 15 minutes');
  serverProcess?.kill('SIGTERM');
  process.exit(1);
}, 15 * 60_000);
deadline.unref();
await main();
