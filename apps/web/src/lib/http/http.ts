import { errorCodes, type GetVisitorTokenData } from '@parley/contracts';
import i18next from 'i18next';
import { denyAccess, sessionStore, setShowLogin, setVisitorToken } from '../../stores/session-store';
import { logout } from '../../stores/logout';
import { notify } from '../notify';
import { createHttpClient } from './http-client';
import { trackRequest } from './in-flight';

let baseUrl = '';

/** Same origin by default; tests point the client at their own server. */
export function setHttpBaseUrl(url: string): void {
  baseUrl = url.replace(/\/+$/, '');
}

let visitorTokenRequest: Promise<string> | null = null;

/**
 * POST /api/visitor/getToken for this device. Concurrent callers share one request. The route
 * guard asks silently: its failure page says what went wrong.
 */
export function requestVisitorToken({ silent = false }: { silent?: boolean } = {}): Promise<string> {
  visitorTokenRequest ??= http
    .post<GetVisitorTokenData>(
      '/api/visitor/getToken',
      { deviceNumber: sessionStore.getState().deviceId },
      { noVisitorRefresh: true, silent },
    )
    .then(({ visitorToken }) => {
      setVisitorToken(visitorToken);
      return visitorToken;
    })
    .finally(() => {
      visitorTokenRequest = null;
    });
  return visitorTokenRequest;
}

/** The one HTTP client of the app, wired to the session stores and the toasts. */
export const http = createHttpClient({
  baseUrl: () => baseUrl,
  credentials: () => {
    const { token, visitorToken, deviceId, accessToken } = sessionStore.getState();
    return { userToken: token, visitorToken, deviceId, accessToken };
  },
  fallbackMessage: () => i18next.t('error.generic', { ns: 'common', defaultValue: '' }) || errorCodes.INTERNAL.msg,
  notifyError: (message) => notify.error(message),
  onLogout: logout,
  onUnauthorized: () => setVisitorToken(''),
  onAccessRequired: denyAccess,
  onLoginRequired: () => setShowLogin(true),
  refreshVisitorToken: async () => {
    setVisitorToken('');
    await requestVisitorToken();
  },
  onActivity: trackRequest,
});
