import { lazy, Suspense } from 'react';
import { useSession } from '../../../stores/session-store';

const LoginUnavailableModal = lazy(() => import('./login-unavailable-modal'));

/** Opened by showLogin. Its code loads on first open. */
export function LoginDialog() {
  const open = useSession((state) => state.showLogin);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <LoginUnavailableModal />
    </Suspense>
  );
}
