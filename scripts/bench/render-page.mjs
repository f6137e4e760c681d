// The real-page target of `npm run bench:render`: the same answer, cut into the same deltas as
// the harness streams, comes from the fake model service (apps/server/test/fake-openai) one
// delta every `intervalMs`, through the production server and build, into the chat page a
// visitor asks it on (/home, which moves to the new chat's address at the first event).
//
// An update is a DOM change in the conversation: a MutationObserver places mark `pb:u:<i>` as
// each one lands, from the first one that draws answer text; `pb:finish` goes where the saved
// answer's actions appear (the stream has ended and the answer is the chat's). The Chromium trace
// then costs each window between marks as the harness's are (render-trace.mjs): whatever the
// page does between two DOM updates, from reading the network to painting.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureProductionBuild } from './production-build.mjs';
import { busyPerUpdate, growth, median, quantile, round } from './render-trace.mjs';
import { startFake, startServer, stop } from './relay-processes.mjs';

const question = 'Walk me through the whole setup, with code for every step.';
const storedTraceCategories = ['toplevel', 'blink.user_timing', 'devtools.timeline', 'disabled-by-default-devtools.timeline.stack', 'disabled-by-default-v8.cpu_profiler'];

/** The production server in front of the fake model, streaming `deltas`; `close()` stops both. */
export async function startChatPage(deltas) {
  ensureProductionBuild();
  const fake = await startFake({ tokens: 1, intervalMs: 0 });
  const workDir = mkdtempSync(join(tmpdir(), 'parley-render-page-'));
  let server;
  try {
    server = await startServer(fake.url, { cwd: workDir });
  } catch (error) {
    await stop(fake.child);
    throw error;
  }
  const fakeOrigin = new URL(fake.url).origin;
  return {
    origin: server.origin,
    /** The answer the next question gets: the deltas, one every `intervalMs`. */
    async pace(intervalMs) {
      const response = await fetch(`${fakeOrigin}/__fake/scenario`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'ok', tokens: deltas, intervalMs }),
      });
      if (!response.ok) throw new Error(`the fake model refused the scenario: ${response.status}`);
    },
    async close() {
      await Promise.all([stop(server.child), stop(fake.child)]);
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}

/** Runs in the page before its scripts: long tasks from the start, and the probe armed before asking. */
function installProbe() {
  const { document, requestAnimationFrame, MutationObserver } = globalThis;
  const bench = { longTasks: [], frames: [], updates: 0, first: null, finish: null };
  globalThis.__pageBench = bench;
  new PerformanceObserver((list) => bench.longTasks.push(...list.getEntries().map(({ startTime, duration }) => ({ startTime, duration })))).observe({
    type: 'longtask',
    buffered: true,
  });
  bench.arm = () => {
    const lastAnswer = () => [...document.querySelectorAll('.chat-message--assistant')].at(-1) ?? null;
    const inConversation = (node) => (node.nodeType === 1 ? node : node.parentElement)?.closest('.message-list') != null;
    const onFrame = (time) => {
      bench.frames.push(time);
      if (bench.finish === null) requestAnimationFrame(onFrame);
    };
    const observer = new MutationObserver((records) => {
      const answer = lastAnswer();
      if (!answer || !records.some((record) => inConversation(record.target))) return;
      if (bench.first === null) {
        if (!answer.querySelector('.markdown-view, .markdown-plain')) return;
        bench.first = performance.now();
        requestAnimationFrame(onFrame);
      }
      if (answer.querySelector('.chat-message__footer')) {
        performance.mark('pb:finish');
        bench.finish = performance.now();
        observer.disconnect();
        globalThis.__pageBenchDone();
        return;
      }
      performance.mark(`pb:u:${bench.updates}`);
      bench.updates += 1;
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    performance.mark('pb:idle');
  };
  bench.record = () => {
    const answer = [...document.querySelectorAll('.chat-message--assistant')].at(-1);
    const count = (selector) => answer?.querySelectorAll(selector).length ?? 0;
    const during = (time) => time >= bench.first && time <= bench.finish;
    const frames = bench.frames.filter((time) => time <= bench.finish);
    return {
      updates: bench.updates,
      streamMs: bench.finish - bench.first,
      frameGapsMs: frames.slice(1).map((time, index) => time - frames[index]),
      longTasks: bench.longTasks.filter((task) => during(task.startTime)).map(({ startTime, duration }) => ({ startTime: startTime - bench.first, duration })),
      longTasksAfterStream: bench.longTasks.filter((task) => task.startTime > bench.finish).length,
      rendered: { codeBlocks: count('pre:not(pre pre)'), katex: count('.katex'), tables: count('table'), textChars: answer?.textContent?.length ?? 0 },
    };
  };
}

/**
 * One visitor asks on /home and the answer streams in under a trace. `traceFile`: also write the
 * trace there, with the timeline and CPU profile categories (slower: for finding where the time
 * goes, not for the figures).
 */
export async function runPageOnce(browser, origin, { traced = true, traceFile = null, timeoutMs = 120_000 } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  let finished;
  const done = new Promise((resolve) => (finished = resolve));
  await context.exposeBinding('__pageBenchDone', () => finished());
  await context.addInitScript(installProbe);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`[page] page error: ${error.message}`));
  try {
    await page.goto(`${origin}/home`);
    const box = page.getByRole('textbox', { name: 'Your question' });
    await box.waitFor({ timeout: 60_000 });
    await box.fill(question);
    // the start-up's own work (lazy chunks, the visitor token) is over before the clock starts
    await page.waitForTimeout(1500);
    if (traced) await browser.startTracing(page, { categories: traceFile ? storedTraceCategories : ['toplevel', 'blink.user_timing'] });
    await page.evaluate(() => globalThis.__pageBench.arm());
    await page.waitForTimeout(300);
    await page.evaluate(() => performance.mark('pb:idle-end'));
    await box.press('Enter');
    let timer;
    await Promise.race([done, new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`the answer did not end within ${timeoutMs / 1000} s`)), timeoutMs)))]).finally(
      () => clearTimeout(timer),
    );
    await page.waitForTimeout(1500);
    await page.evaluate(() => performance.mark('pb:settled'));
    const record = await page.evaluate(() => globalThis.__pageBench.record());
    if (!traced) return { record, trace: null };
    const trace = await browser.stopTracing();
    if (traceFile) writeFileSync(traceFile, trace);
    return { record, trace };
  } finally {
    await context.close();
  }
}

/** The page's figures, read like the harness's, plus what the targets need. */
export function summarisePage(record, busy) {
  const costs = busy.perUpdate;
  const quarter = growth(costs, 0.25);
  const total = costs.reduce((sum, value) => sum + value, 0);
  return {
    updates: record.updates,
    costMedianMs: round(median(costs)),
    costP95Ms: round(quantile(costs, 0.95)),
    costMaxMs: round(Math.max(...costs)),
    costTotalMs: round(total, 0),
    cpuShare: round(total / busy.streamMs, 3),
    wallMedianMs: round(median(busy.perUpdateWall)),
    firstQuarterMeanMs: round(quarter.first),
    lastQuarterMeanMs: round(quarter.last),
    growthQuarter: round(quarter.ratio),
    longTasks: record.longTasks.length,
    longTaskMaxMs: round(Math.max(0, ...record.longTasks.map((task) => task.duration)), 0),
    longTasksAfterStream: record.longTasksAfterStream,
    frameGapP95Ms: round(quantile(record.frameGapsMs, 0.95), 1),
    frameGapMaxMs: round(Math.max(0, ...record.frameGapsMs), 1),
    afterStreamBusyMs: round(busy.afterStreamMs, 0),
    idleFloorMs: busy.idleFloorMs === null ? null : round(busy.idleFloorMs),
    streamSeconds: round(busy.streamMs / 1000, 1),
    rendered: record.rendered,
  };
}

export const pageTargets = { medianOverFloorMs: 1, cpuShare: 0.25, longTasks: 0, frameGapP95Ms: 17, growth: 1.5 };

/** Each target of the page against the harness's plain-lines floor of the same run. */
export function pageVerdicts(page, floor) {
  const ratio = (a, b) => (b > 0 ? `${round(a / b)}x` : '-');
  return [
    {
      target: 'main-thread CPU / update, median',
      floor: `${floor.costMedianMs} ms`,
      figure: `${page.costMedianMs} ms`,
      versus: `+${round(page.costMedianMs - floor.costMedianMs)} ms`,
      goal: `<= floor + ${pageTargets.medianOverFloorMs} ms`,
      ok: page.costMedianMs <= floor.costMedianMs + pageTargets.medianOverFloorMs,
    },
    { target: 'main-thread CPU / update, p95', floor: `${floor.costP95Ms} ms`, figure: `${page.costP95Ms} ms`, versus: ratio(page.costP95Ms, floor.costP95Ms), goal: '', ok: null },
    {
      target: 'main-thread CPU / answer duration',
      floor: `${floor.cpuShare}`,
      figure: `${page.cpuShare} (${round(page.costTotalMs / 1000, 1)} s of ${page.streamSeconds} s)`,
      versus: ratio(page.cpuShare, floor.cpuShare),
      goal: `<= ${pageTargets.cpuShare}`,
      ok: page.cpuShare <= pageTargets.cpuShare,
    },
    {
      target: 'long tasks > 50 ms while streaming',
      floor: `${floor.longTasks}`,
      figure: `${page.longTasks} (max ${page.longTaskMaxMs} ms)`,
      versus: `+${page.longTasks - floor.longTasks}`,
      goal: `${pageTargets.longTasks}`,
      ok: page.longTasks <= pageTargets.longTasks,
    },
    {
      target: 'frame gap p95 (max)',
      floor: `${floor.frameGapP95Ms} ms`,
      figure: `${page.frameGapP95Ms} ms (${page.frameGapMaxMs})`,
      versus: ratio(page.frameGapP95Ms, floor.frameGapP95Ms),
      goal: `<= ${pageTargets.frameGapP95Ms} ms`,
      ok: page.frameGapP95Ms <= pageTargets.frameGapP95Ms,
    },
    {
      target: 'growth (last quarter / first quarter)',
      floor: `${floor.growthQuarter}x`,
      figure: `${page.growthQuarter}x (${page.firstQuarterMeanMs} -> ${page.lastQuarterMeanMs} ms)`,
      versus: ratio(page.growthQuarter, floor.growthQuarter),
      goal: `<= ${pageTargets.growth}x`,
      ok: page.growthQuarter <= pageTargets.growth,
    },
  ];
}

export function printPageTable(page, floor) {
  const pad = (value, width) => String(value).padEnd(width);
  console.log(`\nthe chat page (/home, production build, fake model, one delta every interval): ${page.updates} DOM updates over ${page.streamSeconds} s`);
  console.log(`${pad('', 40)}${pad('floor (plain-lines)', 22)}${pad('page', 34)}${pad('vs floor', 12)}${pad('target', 20)}verdict`);
  for (const row of pageVerdicts(page, floor)) {
    const verdict = row.ok === null ? '' : row.ok ? 'ok' : 'MISS';
    console.log(`${pad(row.target, 40)}${pad(row.floor, 22)}${pad(row.figure, 34)}${pad(row.versus, 12)}${pad(row.goal, 20)}${verdict}`);
  }
  console.log(
    `${pad('', 40)}work after the stream ${page.afterStreamBusyMs} ms; idle floor ${page.idleFloorMs} ms per interval; long tasks after the stream ${page.longTasksAfterStream}; ` +
      `rendered ${page.rendered.codeBlocks} code blocks, ${page.rendered.tables} tables, ${page.rendered.katex} katex`,
  );
}

/** Busy time per update of one traced page run, for render.mjs. */
export function costPageRun({ record, trace }, intervalMs) {
  return busyPerUpdate(trace, record.updates, intervalMs);
}
