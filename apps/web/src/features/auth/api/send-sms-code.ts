import { authPaths, type SendSmsCodeData, type SmsPurpose } from '@parley/contracts';
import { http } from '../../../lib/http';
import { signedSmsRequest } from '../lib/sms-request';

export interface SmsTarget {
  areaCode: string;
  phone: string;
  purpose: SmsPurpose;
}

/** POST /api/sms/send, signed. Silent: the form under the button says what went wrong. */
export function sendSmsCode(target: SmsTarget): Promise<SendSmsCodeData> {
  return http.post<SendSmsCodeData>(`/api${authPaths.sendSmsCode}`, signedSmsRequest(target), { silent: true });
}
