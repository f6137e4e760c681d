// What `npm run bench:render` reads from a Chromium trace, for the harness and for the real
// chat page alike: the main thread's CPU time in top-level tasks between the page's own marks.
// `pb:u:<i>` opens update i's window, the next update's mark (or `pb:finish`) closes it;
// `pb:finish` -> `pb:settled` is the work after the stream; `pb:idle` -> `pb:idle-end` (or the
// first update) is the page with nothing changing.

export const quantile = (values, q) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low] + (sorted[high] - sorted[low]) * (position - low);
};
export const median = (values) => quantile(values, 0.5);
export const mean = (values) => values.reduce((sum, value) => sum + value, 0) / Math.max(values.length, 1);
export const round = (value, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Mean cost of the last `share` of the updates over that of the first: how the cost grows with the answer. */
export function growth(costs, share) {
  const count = Math.max(1, Math.floor(costs.length * share));
  const first = mean(costs.slice(0, count));
  const last = mean(costs.slice(-count));
  return { first, last, ratio: last / first };
}

/** Main-thread busy time per update window, in ms, from a Chromium trace. */
export function busyPerUpdate(traceBuffer, updates, intervalMs) {
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
  const idleTo = marks.get('pb:idle-end') ?? marks.get('pb:u:0');
  return {
    perUpdate: cpu,
    perUpdateWall: wall,
    /** From the first update's mark to `pb:finish`, in ms of wall-clock time. */
    streamMs: (marks.get('pb:finish') - marks.get('pb:u:0')) / 1000,
    afterStreamMs: busyBetween(marks.get('pb:finish'), marks.get('pb:settled')).cpu,
    // What the page costs with nothing changing (frames, the rAF loop), per update interval.
    idleFloorMs: idleFrom === undefined ? null : (busyBetween(idleFrom, idleTo).cpu / ((idleTo - idleFrom) / 1000)) * intervalMs,
  };
}
