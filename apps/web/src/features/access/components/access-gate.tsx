import { lazy, Suspense } from 'react';
import { useSession } from '../../../stores/session-store';
import { useSessionInfo } from '../api/get-session';

const VerifyOverlay = lazy(() => import('./verify-overlay'));

/** Whether the site needs its access password (POST /session, or an API call said so) and none is held. */
export function useAccessRequired(): boolean {
  const { data: session } = useSessionInfo();
  const accessToken = useSession((state) => state.accessToken);
  const accessDenied = useSession((state) => state.accessDenied);
  return (session?.auth === true || accessDenied) && accessToken === '';
}

/**
 * Asks POST /session on start; blocks the layout with the 403 overlay when the site needs its
 * access password and no access token is held.
 */
export function AccessGate() {
  const required = useAccessRequired();
  if (!required) return null;
  return (
    <Suspense fallback={null}>
      <VerifyOverlay />
    </Suspense>
  );
}
