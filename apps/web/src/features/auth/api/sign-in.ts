import {
  authPaths,
  type LoginByPasswordRequest,
  type LoginBySmsRequest,
  type SignInData,
} from '@parley/contracts';
import { http } from '../../../lib/http';

/**
 * POST /api/login/sms: signs in, or signs up when the phone is new. A visitor's token goes along
 * (the path becomes /api/visitor/login/sms), so the server moves the visitor's chats over.
 */
export function loginBySms(request: LoginBySmsRequest): Promise<SignInData> {
  return http.post<SignInData>(`/api${authPaths.loginBySms}`, request, { silent: true });
}

/** POST /api/login/password: a wrong phone and a wrong password get the same answer. */
export function loginByPassword(request: LoginByPasswordRequest): Promise<SignInData> {
  return http.post<SignInData>(`/api${authPaths.loginByPassword}`, request, { silent: true });
}
