import { useStore } from 'zustand';
import { createDeviceId, isDeviceId } from '../lib/device-id';
import { readString, writeString } from '../lib/storage/local-storage';
import { storageKeys } from '../lib/storage/keys';
import { createPersistedStore } from '../lib/storage/persisted-store';
import { hasUserToken } from '../lib/user-token';

export interface SessionState {
  /** The user token; logged in when it is non-blank. */
  token: string;
  visitorToken: string;
  deviceId: string;
  /** The site access token from the 403 overlay. */
  accessToken: string;
  /** The login dialog is open. */
  showLogin: boolean;
  /** An API call answered "access required" (403); the overlay must show. */
  accessDenied: boolean;
}

const persistedKeys = [storageKeys.secretToken, storageKeys.visitorSecretToken, storageKeys.deviceId, storageKeys.accessToken];

function loadPersisted(): Pick<SessionState, 'token' | 'visitorToken' | 'deviceId' | 'accessToken'> {
  const storedDeviceId = readString(storageKeys.deviceId);
  return {
    token: readString(storageKeys.secretToken) ?? '',
    visitorToken: readString(storageKeys.visitorSecretToken) ?? '',
    deviceId: isDeviceId(storedDeviceId) ? storedDeviceId : createDeviceId(),
    accessToken: readString(storageKeys.accessToken) ?? '',
  };
}

export const sessionStore = createPersistedStore<SessionState>({
  keys: persistedKeys,
  load: () => ({ showLogin: false, accessDenied: false, ...loadPersisted() }),
  reload: loadPersisted,
  save: (state) => {
    writeString(storageKeys.secretToken, state.token);
    writeString(storageKeys.visitorSecretToken, state.visitorToken);
    writeString(storageKeys.deviceId, state.deviceId);
    writeString(storageKeys.accessToken, state.accessToken);
  },
});
// A freshly generated device id is stored at once, so every tab and reload sends the same one.
writeString(storageKeys.deviceId, sessionStore.getState().deviceId);

export function useSession<T>(select: (state: SessionState) => T): T {
  return useStore(sessionStore, select);
}

export function isLoggedIn(state: Pick<SessionState, 'token'> = sessionStore.getState()): boolean {
  return hasUserToken(state.token);
}

export function setVisitorToken(visitorToken: string): void {
  sessionStore.setState({ visitorToken });
}

export function setShowLogin(showLogin: boolean): void {
  sessionStore.setState({ showLogin });
}

export function saveAccessToken(accessToken: string): void {
  sessionStore.setState({ accessToken, accessDenied: false });
}

/** The server asked for the access password: forget the stored one and show the overlay. */
export function denyAccess(): void {
  sessionStore.setState({ accessToken: '', accessDenied: true });
}
