import { z } from 'zod/mini';
import { useStore } from 'zustand';
import { storageKeys } from '../lib/storage/keys';
import { createRecordStore } from '../lib/storage/persisted-store';

export const userInfoSchema = z.object({
  headUrl: z.string(),
  username: z.string(),
  token: z.string(),
  id: z.string(),
  mobile: z.string(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export function defaultUserInfo(): UserInfo {
  return { headUrl: '', username: '', token: '', id: '', mobile: '' };
}

export const userStore = createRecordStore(storageKeys.userStorage, userInfoSchema, defaultUserInfo);

export function useUserInfo<T>(select: (user: UserInfo) => T): T {
  return useStore(userStore, select);
}
