import { adminAdPath, adminAdsPaths, type AdInput, type AdSaved } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { adsKey } from './get-ads';

/** A change to the ads: a new one, every field of one, switching one on or off, or removing it. */
export type AdChange =
  | { kind: 'add'; ad: AdInput }
  | { kind: 'update'; id: string; ad: AdInput }
  | { kind: 'enable'; id: string; enabled: boolean }
  | { kind: 'remove'; id: string };

/**
 * POST /api/admin/ads, PUT or DELETE /api/admin/ads/:id, POST /api/admin/ads/:id/enabled. Adding
 * and changing are quiet: the form shows a refusal by its field.
 */
export function changeAd(change: AdChange): Promise<AdSaved | null> {
  switch (change.kind) {
    case 'add':
      return http.post<AdSaved>(`/api${adminAdsPaths.list}`, change.ad, { silent: true });
    case 'update':
      return http.request<AdSaved>(`/api${adminAdPath(adminAdsPaths.ad, change.id)}`, { method: 'PUT', body: change.ad, silent: true });
    case 'enable':
      return http.post<AdSaved>(`/api${adminAdPath(adminAdsPaths.enabled, change.id)}`, { enabled: change.enabled });
    case 'remove':
      return http.request<null>(`/api${adminAdPath(adminAdsPaths.ad, change.id)}`, { method: 'DELETE' });
  }
}

export function useChangeAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAd,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adsKey }),
  });
}
