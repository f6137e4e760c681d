import { lazy, Suspense, useEffect, useState } from 'react';
import { whenNotified } from '../../lib/notify';

// antd's message and notification, with their styles: no first screen shows a toast.
const NotifierOutlet = lazy(() => import('./notifier-outlet'));

/** Long enough after the page loads for the first screen to have everything it draws. */
const backgroundLoadMs = 5000;

/**
 * Mounts the toast and notification outlet when the first toast is raised (it waits in
 * lib/notify until then), or a few seconds after the page has loaded, so a toast can still
 * show once the connection is gone.
 */
export function NotifierBridge() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (needed) return;
    const stopWaiting = whenNotified(() => setNeeded(true));
    const timer = window.setTimeout(() => setNeeded(true), backgroundLoadMs);
    return () => {
      stopWaiting();
      window.clearTimeout(timer);
    };
  }, [needed]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <NotifierOutlet />
    </Suspense>
  );
}
