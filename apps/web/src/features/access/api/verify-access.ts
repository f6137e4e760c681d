import type { VerifyData } from '@parley/contracts';
import { http } from '../../../lib/http';

/** POST /verify: the overlay tells the user about failures itself, so the call stays silent. */
export function verifyAccess(token: string): Promise<VerifyData> {
  return http.post<VerifyData>('/verify', { token }, { silent: true });
}
