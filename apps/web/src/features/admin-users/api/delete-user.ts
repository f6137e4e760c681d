import { adminUserPath, adminUsersPaths } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { userKeys } from './user-keys';

/** POST /api/admin/users/:id/delete {confirmText}: the username typed out. The dialog shows a refusal itself. */
export function deleteUser(id: string, confirmText: string): Promise<null> {
  return http.post<null>(`/api${adminUserPath(adminUsersPaths.remove, id)}`, { confirmText }, { silent: true });
}

export function useDeleteUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirmText: string) => deleteUser(id, confirmText),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: userKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}
