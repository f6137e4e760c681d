import { authPaths, type ResetPasswordRequest, type VerifyCodeData, type VerifyCodeRequest } from '@parley/contracts';
import { http } from '../../../lib/http';

/** POST /api/verifyCode: trades an SMS code for a one-time token (reset password, change phone). */
export function verifyCode(request: VerifyCodeRequest): Promise<VerifyCodeData> {
  return http.post<VerifyCodeData>(`/api${authPaths.verifyCode}`, request, { silent: true });
}

/** POST /api/resetPassword: sets a new password with the verifyCode token; every session ends. */
export function resetPassword(request: ResetPasswordRequest): Promise<null> {
  return http.post<null>(`/api${authPaths.resetPassword}`, request, { silent: true });
}
