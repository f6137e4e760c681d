// `npm run bench:render`: which markdown renderer keeps up with a streamed answer. Streams a
// fixed ~3,000-token answer (20 fenced code blocks, a GFM table, lists, KaTeX) into the chat's own
// renderer (`parley`), into plain streamdown and into @ant-design/x-markdown, delta by delta, in
// headless Chromium, and prints the cost.
// x-markdown runs twice: as its docs set it up, and with memoised code blocks (the obvious fix
// for its full re-render per delta), so the choice is not made against a strawman. `plain-lines`
// is no renderer at all (the text as plain lines): the harness's own cost per update, a floor.
//
// How an update is measured. Each delta is applied in its own task (a timer, one every 25 ms,
// like a fast model stream) with flushSync, followed by a forced layout. That synchronous span
// alone would miss work the libraries defer: x-markdown renders its content from an effect that
// schedules a second render, streamdown highlights code asynchronously. So the cost of update i
// is taken from a Chromium trace instead: the CPU time of the page's main thread in top-level
// tasks (the trace's thread time, clipped to the window) from the mark placed just before
// update i to the mark of update i + 1. That covers render, commit, effects, deferred renders,
// style, layout and paint on the main thread, wherever the library scheduled them; idle time is
// not counted, and neither is time the OS gave the core to other processes (wall busy time is
// reported beside it). The in-page synchronous span is reported too. Long tasks come from a PerformanceObserver('longtask') and frame
// gaps from requestAnimationFrame timestamps, both inside the page.
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { build, preview } from 'vite';

const root = fileURLToPath(new URL('../..', import.meta.url));
const benchConfig = join(root, 'apps/web/bench/vite.config.ts');
const port = 4391;
// RENDER_BENCH_LIBRARIES=parley,streamdown measures only those (the first is the baseline).
const allLibraries = ['parley', 'streamdown', 'x-markdown', 'x-markdown-memo', 'plain-lines'];
const libraries = process.env.RENDER_BENCH_LIBRARIES ? process.env.RENDER_BENCH_LIBRARIES.split(',') : allLibraries;
const unknownLibrary = libraries.find((name) => !allLibraries.includes(name));
if (unknownLibrary) throw new Error(`RENDER_BENCH_LIBRARIES: unknown renderer ${unknownLibrary}; use ${allLibraries.join(', ')}`);
const runsPerLibrary = 3;
const intervalMs = 25;
const warmUpIntervalMs = 4;
// Time budgets: the stream itself lasts ~27 s; a renderer that cannot finish it within these is
// measured over the updates it got through, in one run instead of three.
const warmUpBudgetMs = 60_000;
const runBudgetMs = 90_000;
const runTimeoutMs = runBudgetMs + 60_000;
const targets = { medianMs: 2, growth: 1.5, longTasks: 0, frameGapP95Ms: 17 };

const quantile = (values, q) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low] + (sorted[high] - sorted[low]) * (position - low);
};
const median = (values) => quantile(values, 0.5);
const mean = (values) => values.reduce((sum, value) => sum + value, 0) / Math.max(values.length, 1);
const round = (value, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Main-thread busy time per update window, in ms, from a Chromium trace. */
function busyPerUpdate(traceBuffer, updates) {
  const { traceEvents } = JSON.parse(traceBuffer.toString('utf8'));
  const marks = new Map();
  let thread;
  for (const event of traceEvents) {
    if (event.cat === 'blink.user_timing' && event.name.startsWith('pb:')) {
      marks.set(event.name, event.ts);
      thread = { pid: event.pid, tid: event.tid };
    }
  }
  if (!thread || !marks.has('pb:finish')) throw new Error('the trace holds no benchmark marks');
  const tasks = traceEvents
    .filter((e) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && e.pid === thread.pid && e.tid === thread.tid)
    .map((e) => ({ start: e.ts, end: e.ts + (e.dur ?? 0), cpu: e.tdur ?? e.dur ?? 0 }))
    .sort((a, b) => a.start - b.start);
  // Only top-level tasks: one inside another (a nested run loop) must not count twice.
  const topLevel = [];
  for (const task of tasks) {
    const last = topLevel.at(-1);
    if (!last || task.start >= last.end) topLevel.push(task);
  }
  // Wall time, and the thread's CPU time (the trace's tdur): on a loaded machine a task's wall
  // time also holds the time the OS gave the core to other processes; its CPU time does not.
  const busyBetween = (from, to) => {
    let wall = 0;
    let cpu = 0;
    for (const { start, end, cpu: taskCpu } of topLevel) {
      if (end <= from) continue;
      if (start >= to) break;
      const overlap = Math.min(end, to) - Math.max(start, from);
      wall += overlap;
      cpu += end > start ? (taskCpu * overlap) / (end - start) : 0;
    }
    return { wall: wall / 1000, cpu: cpu / 1000 };
  };
  const cpu = [];
  const wall = [];
  for (let index = 0; index < updates; index++) {
    const from = marks.get(`pb:u:${index}`);
    const to = index + 1 < updates ? marks.get(`pb:u:${index + 1}`) : marks.get('pb:finish');
    if (from === undefined || to === undefined) throw new Error(`the trace lacks the mark of update ${index}`);
    const busy = busyBetween(from, to);
    cpu.push(busy.cpu);
    wall.push(busy.wall);
  }
  const idleFrom = marks.get('pb:idle');
  const idleTo = marks.get('pb:u:0');
  return {
    perUpdate: cpu,
    perUpdateWall: wall,
    afterStreamMs: busyBetween(marks.get('pb:finish'), marks.get('pb:settled')).cpu,
    // What the page costs with nothing changing (frames, the rAF loop), per update interval.
    idleFloorMs: (busyBetween(idleFrom, idleTo).cpu / ((idleTo - idleFrom) / 1000)) * intervalMs,
  };
}

function summarise(record, busy) {
  const costs = busy.perUpdate;
  const tenth = Math.max(1, Math.floor(costs.length / 10));
  const firstMean = mean(costs.slice(0, tenth));
  const lastMean = mean(costs.slice(-tenth));
  const streamLongTasks = record.longTasks.filter((task) => task.startTime < record.streamMs);
  return {
    updates: record.updates,
    plannedUpdates: record.plannedUpdates,
    finished: record.updates === record.plannedUpdates,
    tokens: record.tokens,
    seed: record.seed,
    costMedianMs: round(median(costs)),
    costP95Ms: round(quantile(costs, 0.95)),
    costMaxMs: round(Math.max(...costs)),
    costTotalMs: round(costs.reduce((sum, value) => sum + value, 0), 0),
    wallMedianMs: round(median(busy.perUpdateWall)),
    wallP95Ms: round(quantile(busy.perUpdateWall, 0.95)),
    firstTenthMeanMs: round(firstMean),
    lastTenthMeanMs: round(lastMean),
    growth: round(lastMean / firstMean),
    longTasks: streamLongTasks.length,
    longTaskMaxMs: round(Math.max(0, ...streamLongTasks.map((task) => task.duration)), 0),
    longTasksAfterStream: record.longTasks.length - streamLongTasks.length,
    frameGapP95Ms: round(quantile(record.frameGapsMs, 0.95), 1),
    frameGapMaxMs: round(Math.max(0, ...record.frameGapsMs), 1),
    syncMedianMs: round(median(record.syncMs)),
    syncP95Ms: round(quantile(record.syncMs, 0.95)),
    finishSyncMs: round(record.finishSyncMs),
    afterStreamBusyMs: round(busy.afterStreamMs, 0),
    idleFloorMs: round(busy.idleFloorMs),
    streamSeconds: round(record.streamMs / 1000, 1),
    rendered: record.rendered,
  };
}

async function openCandidate(browser, library) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`[${library}] page error: ${error.message}`));
  await page.goto(`http://127.0.0.1:${port}/render.html?lib=${library}`);
  await page.waitForSelector('body[data-ready]', { timeout: 60_000 });
  return page;
}

const runInPage = (page, label, interval, budget) =>
  withTimeout(
    page.evaluate(([runLabel, runInterval, runBudget]) => globalThis.parleyBench.run(runLabel, runInterval, runBudget), [label, interval, budget]),
    runTimeoutMs,
    `run ${label}`,
  );

function printTable(results) {
  const pad = (value, width) => String(value).padEnd(width);
  const check = (ok) => (ok ? 'ok ' : 'MISS');
  const first = results[libraries[0]].median;
  console.log(
    `\nrender benchmark: ${first.tokens}-token answer in ${first.plannedUpdates} updates of 2-4 tokens, one every ${intervalMs} ms; median of ${runsPerLibrary} runs after a warm-up\n`,
  );
  const rows = [
    ['updates applied (of planned)', (s) => `${s.updates}${s.finished ? '' : ` of ${s.plannedUpdates} (budget)`}`, ''],
    ['main-thread CPU / update, median', (s) => `${s.costMedianMs} ms ${check(s.costMedianMs <= targets.medianMs)}`, `<= ${targets.medianMs} ms`],
    ['main-thread CPU / update, p95', (s) => `${s.costP95Ms} ms`, ''],
    ['first 10 % -> last 10 % (mean)', (s) => `${s.firstTenthMeanMs} -> ${s.lastTenthMeanMs} ms`, ''],
    ['growth (last 10 % / first 10 %)', (s) => `${s.growth}x ${check(s.growth <= targets.growth)}`, `<= ${targets.growth}x`],
    ['long tasks > 50 ms while streaming', (s) => `${s.longTasks} (max ${s.longTaskMaxMs} ms) ${check(s.longTasks <= targets.longTasks)}`, `${targets.longTasks}`],
    ['frame gap p95 (max)', (s) => `${s.frameGapP95Ms} ms (${s.frameGapMaxMs}) ${check(s.frameGapP95Ms <= targets.frameGapP95Ms)}`, `<= ${targets.frameGapP95Ms} ms`],
    ['main-thread total for the stream', (s) => `${s.costTotalMs} ms`, ''],
    ['wall busy / update, median/p95', (s) => `${s.wallMedianMs} / ${s.wallP95Ms} ms`, ''],
    ['sync render+commit+layout, median/p95', (s) => `${s.syncMedianMs} / ${s.syncP95Ms} ms`, ''],
    ['work after the last delta (1.5 s)', (s) => `${s.afterStreamBusyMs} ms`, ''],
    ['idle floor (CPU per 25 ms)', (s) => `${s.idleFloorMs} ms`, ''],
    ['rendered: pre / code spans', (s) => `${s.rendered.codeBlocks} / ${s.rendered.codeSpans}`, ''],
    ['rendered: katex (display) / tables', (s) => `${s.rendered.katex} (${s.rendered.katexDisplay}) / ${s.rendered.tables}`, ''],
  ];
  console.log(`${pad('', 40)}${libraries.map((name) => pad(name, 26)).join('')}target`);
  for (const [label, format, target] of rows) {
    console.log(`${pad(label, 40)}${libraries.map((name) => pad(format(results[name].median), 26)).join('')}${target}`);
  }
  console.log(`\nper-run medians: ${libraries.map((name) => `${name} ${results[name].runs.map((run) => run.costMedianMs).join(' / ')} ms`).join('; ')}`);
  const partial = libraries.filter((name) => !results[name].median.finished);
  if (partial.length > 0) console.log(`not finished within ${runBudgetMs / 1000} s (figures cover the updates applied): ${partial.join(', ')}`);
}

async function main() {
  await build({ configFile: benchConfig, logLevel: 'warn' });
  const server = await preview({ configFile: benchConfig, logLevel: 'warn', preview: { host: '127.0.0.1', port, strictPort: true } });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const loadBefore = loadavg()[0];
    const pages = {};
    const runCount = {};
    for (const library of libraries) {
      pages[library] = await openCandidate(browser, library);
      // Loads the highlighter grammars, KaTeX fonts and lazy chunks, and warms the JIT.
      const warmUp = await runInPage(pages[library], 'warm-up', warmUpIntervalMs, warmUpBudgetMs);
      runCount[library] = warmUp.updates === warmUp.plannedUpdates ? runsPerLibrary : 1;
      console.log(`${library}: warmed up (${warmUp.updates} of ${warmUp.plannedUpdates} updates in ${Math.round(warmUp.streamMs / 1000)} s)`);
    }
    const results = Object.fromEntries(libraries.map((library) => [library, { runs: [] }]));
    // Runs alternate between the libraries so background load on the machine hits all alike.
    for (let run = 1; run <= runsPerLibrary; run++) {
      for (const library of libraries) {
        if (run > runCount[library]) continue;
        const page = pages[library];
        await browser.startTracing(page, { categories: ['toplevel', 'blink.user_timing'] });
        const record = await runInPage(page, `run-${run}`, intervalMs, runBudgetMs);
        const busy = busyPerUpdate(await browser.stopTracing(), record.updates);
        const summary = summarise(record, busy);
        results[library].runs.push({ ...summary, perUpdateMs: busy.perUpdate.map((value) => round(value, 3)) });
        console.log(`${library} run ${run}: median ${summary.costMedianMs} ms, p95 ${summary.costP95Ms} ms, growth ${summary.growth}x, long tasks ${summary.longTasks}`);
      }
    }
    for (const library of libraries) {
      const runs = results[library].runs;
      const medianRun = [...runs].sort((a, b) => a.costMedianMs - b.costMedianMs)[Math.floor(runs.length / 2)];
      const { perUpdateMs, ...figures } = medianRun;
      results[library] = { median: figures, perUpdateMsOfMedianRun: perUpdateMs, runs: runs.map(({ perUpdateMs: _omit, ...rest }) => rest) };
    }
    printTable(results);
    console.log(`load average (1 min) before/after: ${round(loadBefore)} / ${round(loadavg()[0])} on ${availableParallelism()} CPUs`);
    mkdirSync(join(root, 'bench-results'), { recursive: true });
    const output = {
      measuredAt: new Date().toISOString(),
      method: 'main-thread CPU time (and wall busy time) per update window from a Chromium trace; see scripts/bench/render.mjs',
      setup: {
        intervalMs,
        runsPerLibrary,
        warmUpIntervalMs,
        runBudgetMs,
        chromium: browser.version(),
        seed: results[libraries[0]].median.seed,
        // The machine's 1-minute load average before and after: other work skews the figures.
        loadAverage: { before: round(loadBefore), after: round(loadavg()[0]) },
        cpus: availableParallelism(),
      },
      targets,
      results,
    };
    writeFileSync(join(root, 'bench-results/render.json'), `${JSON.stringify(output, null, 2)}\n`);
    console.log('\nwritten: bench-results/render.json');
  } finally {
    await browser.close();
    await server.close();
  }
}

// The whole benchmark is bounded: a hung page must not keep the process alive.
const deadline = setTimeout(() => {
  console.error('render benchmark: gave up after 20 minutes');
  process.exit(1);
}, 20 * 60_000);
deadline.unref();
await main();
