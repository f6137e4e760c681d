import { lazy, Suspense } from 'react';
import { useSession } from '../../../stores/session-store';
import { useSessionInfo } from '../api/get-session';

const VerifyOverlay = lazy(() => import('./verify-overlay'));

/**
 * Asks POST /session on start; blocks the layout with the 403 overlay when the site needs its
 * access password (or an API call said so) and no access token is held.
 */
export function AccessGate() {
  const { data: session } = useSessionInfo();
  const accessToken = useSession((state) => state.accessToken);
  const accessDenied = useSession((state) => state.accessDenied);
  const required = (session?.auth === true || accessDenied) && accessToken === '';
  if (!required) return null;
  return (
    <Suspense fallback={null}>
      <VerifyOverlay />
    </Suspense>
  );
}
