import { accountPaths, type UpdateProfileRequest, type UserInfo } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { saveUserInfo } from '../../auth';
import { profileKey } from './get-profile';

/** POST /api/user/profile/update {username?, headUrl?}: answers the new userInfo. */
export function updateProfile(request: UpdateProfileRequest): Promise<UserInfo> {
  return http.post<UserInfo>(`/api${accountPaths.updateProfile}`, request, { silent: true });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      saveUserInfo(profile);
      queryClient.setQueryData(profileKey, profile);
    },
  });
}
