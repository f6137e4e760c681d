import { lazy, startTransition, Suspense, useEffect, useState } from 'react';

const RightPanelContent = lazy(() => import('./right-panel-content').then((module) => ({ default: module.RightPanelContent })));

/** Runs when the browser is idle (soon, where it cannot tell); returns the way to cancel. */
function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback !== 'function') {
    const timer = window.setTimeout(run, 50);
    return () => window.clearTimeout(timer);
  }
  const handle = window.requestIdleCallback(run, { timeout: 1000 });
  return () => window.cancelIdleCallback(handle);
}

/**
 * The panel's content (promo, broker search, rankings with antd Tabs) is its own chunk, drawn
 * once the page has had its turn: a visit comes for the chat, which must not wait for it.
 */
export function LazyRightPanelContent() {
  const [shown, setShown] = useState(false);
  useEffect(() => whenIdle(() => startTransition(() => setShown(true))), []);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <RightPanelContent />
    </Suspense>
  );
}
