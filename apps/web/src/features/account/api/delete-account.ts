import { accountPaths, type DeleteAccountRequest } from '@parley/contracts';
import { http } from '../../../lib/http';

/** POST /api/user/delete: removes everything the account owns; every session ends. */
export function deleteAccount(request: DeleteAccountRequest): Promise<null> {
  return http.post<null>(`/api${accountPaths.deleteAccount}`, request, { silent: true });
}
