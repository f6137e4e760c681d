import { authPaths, type TokenData, type UpdatePasswordRequest } from '@parley/contracts';
import { http } from '../../../lib/http';

/** POST /api/updatePassword: every session ends, this one gets the fresh token in the answer. */
export function updatePassword(request: UpdatePasswordRequest): Promise<TokenData> {
  return http.post<TokenData>(`/api${authPaths.updatePassword}`, request, { silent: true });
}
