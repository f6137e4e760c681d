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
//
// The harness is the floor; the chat itself is measured too (render-page.mjs): the production
// build on the production server, the same deltas at the same pace from the fake model, asked
// by a visitor on /home. Its figures are printed against plain-lines of the same run.
// RENDER_BENCH_PAGE=only runs just the page (and its floor); =off, just the harness.
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { build, preview } from 'vite';
import { costPageRun, pageTargets, printPageTable, runPageOnce, startChatPage, summarisePage } from './render-page.mjs';
import { busyPerUpdate, growth, median, quantile, round } from './render-trace.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const benchConfig = join(root, 'apps/web/bench/vite.config.ts');
const port = 4391;
// RENDER_BENCH_LIBRARIES=parley,streamdown measures only those (the first is the baseline).
const allLibraries = ['parley', 'streamdown', 'x-markdown', 'x-markdown-memo', 'plain-lines'];
// RENDER_BENCH_PAGE=only measures the chat page alone (with its floor, plain-lines); =off, the harness alone.
const pageMode = process.env.RENDER_BENCH_PAGE ?? 'on';
if (!['on', 'off', 'only'].includes(pageMode)) throw new Error(`RENDER_BENCH_PAGE: use on, off or only, not ${pageMode}`);
const chosenLibraries = pageMode === 'only' ? [] : process.env.RENDER_BENCH_LIBRARIES ? process.env.RENDER_BENCH_LIBRARIES.split(',') : allLibraries;
const unknownLibrary = chosenLibraries.find((name) => !allLibraries.includes(name));
if (unknownLibrary) throw new Error(`RENDER_BENCH_LIBRARIES: unknown renderer ${unknownLibrary}; use ${allLibraries.join(', ')}`);
// The page's targets are read against the plain-lines floor, measured in the same run.
const libraries = pageMode !== 'off' && !chosenLibraries.includes('plain-lines') ? [...chosenLibraries, 'plain-lines'] : chosenLibraries;
const floorName = 'plain-lines';
// RENDER_BENCH_RUNS=1 for a quick look; the figures are the median run of three.
const runsPerLibrary = Number(process.env.RENDER_BENCH_RUNS ?? 3);
const intervalMs = 25;
const warmUpIntervalMs = 4;
// Time budgets: the stream itself lasts ~27 s; a renderer that cannot finish it within these is
// measured over the updates it got through, in one run instead of three.
const warmUpBudgetMs = 60_000;
const runBudgetMs = 90_000;
const runTimeoutMs = runBudgetMs + 60_000;
const targets = { medianMs: 2, growth: 1.5, longTasks: 0, frameGapP95Ms: 17 };

function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function summarise(record, busy) {
  const costs = busy.perUpdate;
  const tenth = growth(costs, 0.1);
  const quarter = growth(costs, 0.25);
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
    // The main thread's CPU over the stream's duration: the share of a core the answer takes.
    cpuShare: round(costs.reduce((sum, value) => sum + value, 0) / busy.streamMs, 3),
    wallMedianMs: round(median(busy.perUpdateWall)),
    wallP95Ms: round(quantile(busy.perUpdateWall, 0.95)),
    firstTenthMeanMs: round(tenth.first),
    lastTenthMeanMs: round(tenth.last),
    growth: round(tenth.ratio),
    growthQuarter: round(quarter.ratio),
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

/** The chat page's runs, interleaved with the harness's; null when RENDER_BENCH_PAGE=off. */
async function openChatPage(browser, deltas) {
  if (pageMode === 'off') return null;
  const chatPage = await startChatPage(deltas);
  // A first visitor warms the server and the HTTP path; each measured visitor's page is new.
  await chatPage.pace(warmUpIntervalMs);
  await runPageOnce(browser, chatPage.origin, { traced: false });
  console.log('page: warmed up');
  return chatPage;
}

async function measurePage(browser, chatPage, run) {
  await chatPage.pace(intervalMs);
  const traceDir = process.env.RENDER_BENCH_TRACE_DIR;
  const pageRun = await runPageOnce(browser, chatPage.origin, { traceFile: traceDir ? join(traceDir, `page-run-${run}.json`) : null });
  const busy = costPageRun(pageRun, intervalMs);
  const summary = summarisePage(pageRun.record, busy);
  console.log(`page run ${run}: median ${summary.costMedianMs} ms, p95 ${summary.costP95Ms} ms, CPU share ${summary.cpuShare}, growth ${summary.growthQuarter}x, long tasks ${summary.longTasks}`);
  return { ...summary, perUpdateMs: busy.perUpdate.map((value) => round(value, 3)) };
}

const medianOfRuns = (runs) => {
  const medianRun = [...runs].sort((a, b) => a.costMedianMs - b.costMedianMs)[Math.floor(runs.length / 2)];
  const { perUpdateMs, ...figures } = medianRun;
  return { median: figures, perUpdateMsOfMedianRun: perUpdateMs, runs: runs.map(({ perUpdateMs: _omit, ...rest }) => rest) };
};

async function main() {
  await build({ configFile: benchConfig, logLevel: 'warn' });
  const server = await preview({ configFile: benchConfig, logLevel: 'warn', preview: { host: '127.0.0.1', port, strictPort: true } });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  let chatPage = null;
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
    chatPage = await openChatPage(browser, await pages[libraries[0]].evaluate(() => globalThis.parleyBench.deltas));
    const results = Object.fromEntries(libraries.map((library) => [library, { runs: [] }]));
    const pageRuns = [];
    // Runs alternate between the libraries (and the page) so background load on the machine hits all alike.
    for (let run = 1; run <= runsPerLibrary; run++) {
      if (chatPage) pageRuns.push(await measurePage(browser, chatPage, run));
      for (const library of libraries) {
        if (run > runCount[library]) continue;
        const page = pages[library];
        await browser.startTracing(page, { categories: ['toplevel', 'blink.user_timing'] });
        const record = await runInPage(page, `run-${run}`, intervalMs, runBudgetMs);
        const busy = busyPerUpdate(await browser.stopTracing(), record.updates, intervalMs);
        const summary = summarise(record, busy);
        results[library].runs.push({ ...summary, perUpdateMs: busy.perUpdate.map((value) => round(value, 3)) });
        console.log(`${library} run ${run}: median ${summary.costMedianMs} ms, p95 ${summary.costP95Ms} ms, growth ${summary.growth}x, long tasks ${summary.longTasks}`);
      }
    }
    for (const library of libraries) results[library] = medianOfRuns(results[library].runs);
    printTable(results);
    const page = chatPage ? medianOfRuns(pageRuns) : null;
    if (page) {
      printPageTable(page.median, results[floorName].median);
      console.log(`per-run page medians: ${page.runs.map((run) => run.costMedianMs).join(' / ')} ms; CPU shares ${page.runs.map((run) => run.cpuShare).join(' / ')}`);
    }
    const loadAfter = loadavg()[0];
    console.log(`load average (1 min) before/after: ${round(loadBefore)} / ${round(loadAfter)} on ${availableParallelism()} CPUs`);
    mkdirSync(join(root, 'bench-results'), { recursive: true });
    const output = {
      measuredAt: new Date().toISOString(),
      method: 'main-thread CPU time (and wall busy time) per update window from a Chromium trace; see scripts/bench/render.mjs and render-page.mjs',
      setup: {
        intervalMs,
        runsPerLibrary,
        warmUpIntervalMs,
        runBudgetMs,
        chromium: browser.version(),
        seed: results[libraries[0]].median.seed,
        // The machine's 1-minute load average before and after: other work skews the figures.
        loadAverage: { before: round(loadBefore), after: round(loadAfter) },
        cpus: availableParallelism(),
        // Traces written with the timeline and profiler categories cost the page more than the figures' own.
        pageTraceDir: process.env.RENDER_BENCH_TRACE_DIR ?? null,
      },
      targets: { harness: targets, page: pageTargets },
      results,
      page,
    };
    // A page-only run keeps its own file, so it does not replace the renderers' figures.
    const file = pageMode === 'only' ? 'bench-results/render-page.json' : 'bench-results/render.json';
    writeFileSync(join(root, file), `${JSON.stringify(output, null, 2)}\n`);
    console.log(`\nwritten: ${file}`);
  } finally {
    await chatPage?.close();
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
