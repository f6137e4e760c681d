import { adminUserPath, adminUsersPaths, type AdminUserDetail } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { userKeys } from './user-keys';

/** What an operator can change of an account from its panel. */
export type UserChange = { kind: 'disable' } | { kind: 'enable' } | { kind: 'operator'; operator: boolean };

/** POST /api/admin/users/:id/disable | enable | operator: answers the account as it now is. */
export function changeUser(id: string, change: UserChange): Promise<AdminUserDetail> {
  const path = adminUserPath(adminUsersPaths[change.kind], id);
  return http.post<AdminUserDetail>(`/api${path}`, change.kind === 'operator' ? { operator: change.operator } : {});
}

export function useChangeUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: UserChange) => changeUser(id, change),
    onSuccess: (user) => {
      queryClient.setQueryData(userKeys.detail(id), user);
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}
