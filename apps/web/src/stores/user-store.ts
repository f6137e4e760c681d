import { useStore } from 'zustand';
import { storageKeys } from '../lib/storage/keys';
import { createRecordStore } from '../lib/storage/persisted-store';
import { stored, type ShapeOf } from '../lib/storage/stored-shape';

const userInfoShape = {
  headUrl: stored.string(),
  username: stored.string(),
  token: stored.string(),
  id: stored.string(),
  mobile: stored.string(),
};
export type UserInfo = ShapeOf<typeof userInfoShape>;

export function defaultUserInfo(): UserInfo {
  return { headUrl: '', username: '', token: '', id: '', mobile: '' };
}

export const userStore = createRecordStore(storageKeys.userStorage, userInfoShape, defaultUserInfo);

export function useUserInfo<T>(select: (user: UserInfo) => T): T {
  return useStore(userStore, select);
}
