import { type ComponentType, useLayoutEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import answer from './answer.md?raw';
import { candidates, isCandidateName, type MarkdownProps } from './candidate';
import { planStream } from './stream-plan';

/**
 * The render benchmark page: streams the fixed answer into one candidate renderer, delta by
 * delta, and records what the page itself can see (scripts/bench/render.mjs adds a Chromium
 * trace for the full main-thread cost). Driven from Playwright through `window.parleyBench`.
 */

type SetAnswer = (state: MarkdownProps) => void;

export interface RunRecord {
  label: string;
  seed: number;
  tokens: number;
  /** Updates applied; fewer than planned when the run hit its time budget. */
  updates: number;
  plannedUpdates: number;
  /** Per update: flushSync'd render and commit, passive effects, then a forced layout. */
  syncMs: number[];
  /** The final update that ends the stream (streaming: false). */
  finishSyncMs: number;
  /** From the first update to the end of the stream. */
  streamMs: number;
  /** rAF timestamp gaps while the stream ran. */
  frameGapsMs: number[];
  longTasks: { startTime: number; duration: number }[];
  /** What ended up on screen, to show both libraries rendered the same features. */
  rendered: { codeBlocks: number; codeSpans: number; katex: number; katexDisplay: number; tables: number; listItems: number; headings: number; textChars: number };
}

declare global {
  interface Window {
    parleyBench: {
      run: (label: string, intervalMs: number, budgetMs: number) => Promise<RunRecord>;
      /** The deltas every run streams: the chat page's target gets the same from the fake model. */
      deltas: string[];
    };
  }
}

const seed = 20_250_601;
const plan = planStream(answer, seed);
const longTasks: PerformanceEntry[] = [];
new PerformanceObserver((list) => longTasks.push(...list.getEntries())).observe({ type: 'longtask', buffered: true });

const sleepUntil = (time: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, time - performance.now())));

function Harness({ View, onReady }: { View: ComponentType<MarkdownProps>; onReady: (set: SetAnswer) => void }) {
  const [state, setState] = useState<MarkdownProps>({ text: '', streaming: true });
  useLayoutEffect(() => onReady(setState), [onReady]);
  return <View text={state.text} streaming={state.streaming} />;
}

function renderedSummary(element: HTMLElement): RunRecord['rendered'] {
  const count = (selector: string) => element.querySelectorAll(selector).length;
  return {
    codeBlocks: count('pre:not(pre pre)'),
    codeSpans: count('pre span'),
    katex: count('.katex'),
    katexDisplay: count('.katex-display'),
    tables: count('table'),
    listItems: count('li'),
    headings: count('h1, h2, h3'),
    textChars: element.textContent?.length ?? 0,
  };
}

async function main() {
  const name = new URLSearchParams(location.search).get('lib');
  if (!isCandidateName(name)) throw new Error(`unknown ?lib=${name}; use one of ${Object.keys(candidates).join(', ')}`);
  const View = await candidates[name]();
  const scroller = document.createElement('div');
  scroller.style.cssText = 'height: 100vh; overflow: auto; font: 15px/1.6 system-ui, sans-serif';
  const column = document.createElement('div');
  column.style.cssText = 'max-width: 760px; margin: 0 auto; padding: 16px';
  scroller.append(column);
  document.getElementById('root')!.append(scroller);
  const root = createRoot(column);

  async function run(label: string, intervalMs: number, budgetMs: number): Promise<RunRecord> {
    // A fresh component for every run; module caches (highlighter grammars) stay warm.
    const setAnswer = await new Promise<SetAnswer>((resolve) => root.render(<Harness key={label} View={View} onReady={resolve} />));
    performance.mark('pb:idle');
    await sleepUntil(performance.now() + 300);

    const frames: number[] = [];
    let following = true;
    const onFrame = (time: number) => {
      frames.push(time);
      // Keep the newest text in view like the chat does, so lazy, in-view work happens too.
      if (scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight) scroller.scrollTop = scroller.scrollHeight;
      if (following) requestAnimationFrame(onFrame);
    };
    requestAnimationFrame(onFrame);

    const syncMs: number[] = [];
    const startTime = performance.now();
    let text = '';
    let updates = 0;
    for (const [index, delta] of plan.deltas.entries()) {
      await sleepUntil(startTime + index * intervalMs);
      // A renderer far slower than the stream would take minutes to get through it.
      if (performance.now() - startTime > budgetMs) break;
      text += delta;
      updates += 1;
      performance.mark(`pb:u:${index}`);
      const before = performance.now();
      flushSync(() => setAnswer({ text, streaming: true }));
      column.getBoundingClientRect();
      syncMs.push(performance.now() - before);
    }
    await sleepUntil(startTime + updates * intervalMs);
    performance.mark('pb:finish');
    const beforeFinish = performance.now();
    flushSync(() => setAnswer({ text, streaming: false }));
    column.getBoundingClientRect();
    const finishSyncMs = performance.now() - beforeFinish;
    following = false;
    const streamEnd = performance.now();
    // Let late work (async highlighting, lazy chunks) land before counting what is on screen.
    await sleepUntil(streamEnd + 1500);
    performance.mark('pb:settled');

    const frameGapsMs = frames.filter((time) => time <= streamEnd).flatMap((time, index, all) => (index === 0 ? [] : [time - all[index - 1]!]));
    return {
      label,
      seed,
      tokens: plan.tokens,
      updates,
      plannedUpdates: plan.deltas.length,
      syncMs,
      finishSyncMs,
      streamMs: streamEnd - startTime,
      frameGapsMs,
      longTasks: longTasks.filter((task) => task.startTime >= startTime).map(({ startTime: start, duration }) => ({ startTime: start - startTime, duration })),
      rendered: renderedSummary(column),
    };
  }

  window.parleyBench = { run, deltas: plan.deltas };
  document.body.dataset.ready = 'true';
}

void main();
