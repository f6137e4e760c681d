import { lazy, startTransition, Suspense, useEffect, useState } from 'react';

const RightPanelContent = lazy(() => import('./right-panel-content').then((module) => ({ default: module.RightPanelContent })));

/**
 * The panel's content (promo, broker search, rankings with antd Tabs) is its own chunk, drawn
 * once the page has had its turn: a visit comes for the chat, which must not wait for it.
 */
export function LazyRightPanelContent() {
  const [shown, setShown] = useState(false);
  useEffect(() => startTransition(() => setShown(true)), []);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <RightPanelContent />
    </Suspense>
  );
}
