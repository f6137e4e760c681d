import { setHttpSession } from '../lib/http';
import { logout } from '../stores/logout';
import { denyAccess, sessionStore, setShowLogin, setVisitorToken } from '../stores/session-store';

/**
 * The HTTP client's session is the session store: its calls carry the stored tokens, and the
 * server's answers log out, forget the visitor token, raise the 403 overlay or open the login
 * dialog through the stores. Runs once at start-up, before the first call (main.tsx), and in
 * the test setup.
 */
export function connectHttpToSession(): void {
  setHttpSession({
    credentials: () => {
      const { token, visitorToken, deviceId, accessToken } = sessionStore.getState();
      return { userToken: token, visitorToken, deviceId, accessToken };
    },
    setVisitorToken,
    logout,
    denyAccess,
    requireLogin: () => setShowLogin(true),
  });
}
