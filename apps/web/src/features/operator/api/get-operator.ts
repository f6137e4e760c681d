import { adminPaths, type OperatorData } from '@parley/contracts';
import { http } from '../../../lib/http';

/**
 * GET /api/admin/me: the operator signed in. Anyone else gets 404, as from a call that does not
 * exist; the console answers them with its not-found page, so no toast.
 */
export function getOperator(signal?: AbortSignal): Promise<OperatorData> {
  return http.get<OperatorData>(`/api${adminPaths.me}`, undefined, { signal, silent: true });
}
