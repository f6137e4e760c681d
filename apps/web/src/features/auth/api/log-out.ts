import { authPaths } from '@parley/contracts';
import { http } from '../../../lib/http';
import { logout } from '../../../stores/logout';

/**
 * POST /api/logout, then forget everything locally. The local part happens even when the call
 * fails (offline, token already gone): the person asked to be signed out of this browser.
 */
export async function logOut(): Promise<void> {
  try {
    await http.post<null>(`/api${authPaths.logout}`, {}, { silent: true });
  } catch {
    // Signed out locally below either way; a token that still lives on the server expires.
  } finally {
    logout();
  }
}
