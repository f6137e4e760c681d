import { adminModelsPaths, type ServiceCheckRequest, type ServiceCheckResult } from '@parley/contracts';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

/** POST /api/admin/models/check: asks the service something tiny now; a failure of the service is an answer, not an error. */
export function checkService(request: ServiceCheckRequest): Promise<ServiceCheckResult> {
  return http.post<ServiceCheckResult>(`/api${adminModelsPaths.check}`, request, { silent: true });
}

export function useCheckService() {
  return useMutation({ mutationFn: checkService });
}
