import { authPaths } from '@parley/contracts';
import { http } from '../../../lib/http';
import { logout } from '../../../stores/logout';
import { sessionStore } from '../../../stores/session-store';

/**
 * Forget everything locally, then POST /api/logout with the token just forgotten. Local first:
 * calls made meanwhile (the unread count, the ads) go as the visitor, not with a token the
 * server is ending. A failed call (offline, token already gone) changes nothing: the person
 * asked to be signed out of this browser, and a token that still lives on the server expires.
 */
export async function logOut(): Promise<void> {
  const { token } = sessionStore.getState();
  logout();
  if (!token.trim()) return;
  try {
    await http.post<null>(`/api${authPaths.logout}`, {}, { silent: true, userToken: token });
  } catch {
    // signed out here already
  }
}
