import { errorCodes, type GetVisitorTokenData } from '@parley/contracts';
import i18next from 'i18next';
import { notify } from '../notify';
import { describeHttpError } from './describe-http-error';
import { createHttpClient, type Credentials } from './http-client';
import { trackRequest } from './in-flight';

let baseUrl = '';

/** Same origin by default; tests point the client at their own server. */
export function setHttpBaseUrl(url: string): void {
  baseUrl = url.replace(/\/+$/, '');
}

/**
 * What the client needs from the session: the tokens every call carries, and what to do when
 * the server answers that they no longer hold. app/http-session.ts supplies it from the
 * session stores at start-up; lib/ does not know the stores.
 */
export interface HttpSession {
  credentials(): Credentials;
  /** Keeps a new visitor token; '' forgets it. */
  setVisitorToken(visitorToken: string): void;
  /** Codes 401, 60000, -104. */
  logout(): void;
  /** Code 403: the site access password is needed. */
  denyAccess(): void;
  /** Code 10009: a visitor asked for something that needs an account. */
  requireLogin(): void;
}

let session: HttpSession | null = null;

export function setHttpSession(next: HttpSession): void {
  session = next;
}

function currentSession(): HttpSession {
  if (!session) throw new Error('The HTTP client has no session: call setHttpSession first (app/http-session.ts).');
  return session;
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
      { deviceNumber: currentSession().credentials().deviceId },
      { noVisitorRefresh: true, silent },
    )
    .then(({ visitorToken }) => {
      currentSession().setVisitorToken(visitorToken);
      return visitorToken;
    })
    .finally(() => {
      visitorTokenRequest = null;
    });
  return visitorTokenRequest;
}

/** The one HTTP client of the app, wired to the session (see setHttpSession) and the toasts. */
export const http = createHttpClient({
  baseUrl: () => baseUrl,
  credentials: () => currentSession().credentials(),
  fallbackMessage: () => i18next.t('error.generic', { ns: 'common', defaultValue: '' }) || errorCodes.INTERNAL.msg,
  describeError: (error) => describeHttpError(error, i18next.t),
  notifyError: (message) => notify.error(message),
  onLogout: () => currentSession().logout(),
  onUnauthorized: () => currentSession().setVisitorToken(''),
  onAccessRequired: () => currentSession().denyAccess(),
  onLoginRequired: () => currentSession().requireLogin(),
  refreshVisitorToken: async () => {
    currentSession().setVisitorToken('');
    await requestVisitorToken();
  },
  onActivity: trackRequest,
});
