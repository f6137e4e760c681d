import { accountPaths, type ChangePhoneRequest, type UserInfo } from '@parley/contracts';
import { http } from '../../../lib/http';

/** POST /api/user/phone/change: with the old number's verifyCode token and the new number's code. */
export function changePhone(request: ChangePhoneRequest): Promise<UserInfo> {
  return http.post<UserInfo>(`/api${accountPaths.changePhone}`, request, { silent: true });
}
