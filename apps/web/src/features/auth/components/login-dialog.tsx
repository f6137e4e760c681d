import { lazy, Suspense } from 'react';
import { useSession } from '../../../stores/session-store';

const LoginModal = lazy(() => import('./login-modal'));

/** Opened by showLogin (sidebar, messages icon, anything that needs login). Its code loads on first open. */
export function LoginDialog() {
  const open = useSession((state) => state.showLogin);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <LoginModal />
    </Suspense>
  );
}
