import { headers as headerNames, isSuccessCode, logoutCodes, visitorRefreshCode, errorCodes } from '@parley/contracts';
import { HttpError, isAbortError, networkErrorCode } from './http-error';
import { readBody, readEnvelope } from './read-envelope';
import { rewritePath } from './visitor-path';
import { xhrFetch } from './xhr-fetch';

export type Query = Record<string, string | number | boolean | null | undefined>;
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: Method;
  query?: Query;
  /** Sent as JSON; a FormData goes as multipart/form-data (uploads). */
  body?: unknown;
  /** There is no default timeout; pass a signal to cancel. */
  signal?: AbortSignal;
  /** No error toast: the caller tells the user itself. */
  silent?: boolean;
  /** Do not answer code -2 by fetching a visitor token (the visitor-token call itself). */
  noVisitorRefresh?: boolean;
  /** Sent through XMLHttpRequest, which reports how much of the body went (0 to 1); for uploads. */
  onUploadProgress?: (fraction: number) => void;
  /** Sent with this user token rather than the session's: logout, once the session has forgotten it. */
  userToken?: string;
}

export interface Credentials {
  userToken: string;
  visitorToken: string;
  deviceId: string;
  accessToken: string;
}

export interface HttpClientDeps {
  baseUrl: () => string;
  credentials: () => Credentials;
  /** The msg of a failure whose answer carries none. */
  fallbackMessage: () => string;
  /** A failure in the reader's language, for the error toast. */
  describeError: (error: HttpError) => string;
  notifyError: (message: string) => void;
  /** Codes 401, 60000, -104. */
  onLogout: () => void;
  /** Any HTTP 401: the visitor token is no longer good either. */
  onUnauthorized: () => void;
  /** Code 403: the site access password is needed. */
  onAccessRequired: () => void;
  /** Code 10009: a visitor asked for something that needs an account. */
  onLoginRequired: () => void;
  /** Code -2: replace the visitor token; the call is then retried once. */
  refreshVisitorToken: () => Promise<void>;
  onActivity?: (delta: 1 | -1) => void;
}

type Expect = 'json' | 'event-stream' | 'file';

const acceptHeader: Record<Expect, string> = { json: 'application/json', 'event-stream': 'text/event-stream', file: '*/*' };

function buildHeaders(credentials: Credentials, jsonBody: boolean, expect: Expect): Headers {
  const result = new Headers({ accept: acceptHeader[expect] });
  if (jsonBody) result.set('content-type', 'application/json');
  const userToken = credentials.userToken.trim();
  if (userToken) {
    result.set(headerNames.authorization, `Bearer ${userToken}`);
    result.set(headerNames.userToken, userToken);
  }
  if (credentials.visitorToken) result.set(headerNames.visitorToken, credentials.visitorToken);
  if (credentials.deviceId) result.set(headerNames.deviceId, credentials.deviceId);
  if (credentials.accessToken) result.set(headerNames.accessToken, credentials.accessToken);
  return result;
}

function buildUrl(baseUrl: string, path: string, query: Query | undefined): string {
  const url = new URL(baseUrl + path, globalThis.location?.href);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

export type HttpClient = ReturnType<typeof createHttpClient>;

function isJson(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').startsWith('application/json');
}

function isEventStream(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').startsWith('text/event-stream');
}

export function createHttpClient(deps: HttpClientDeps) {
  /**
   * One call. `json` resolves with the envelope's data; `event-stream` resolves with the open
   * response once the server starts streaming. Either way a JSON error envelope (or any non-2xx)
   * gets the same client behaviour: visitor refresh and retry, logout, overlay, toast.
   */
  async function send(path: string, options: RequestOptions, retried: boolean, expect: Expect): Promise<unknown> {
    const current = deps.credentials();
    const credentials = options.userToken === undefined ? current : { ...current, userToken: options.userToken, visitorToken: '' };
    const hasBody = options.body !== undefined;
    // fetch writes a FormData's multipart content type, boundary included.
    const isForm = Object.prototype.toString.call(options.body) === '[object FormData]';
    let response: Response;
    try {
      const url = buildUrl(deps.baseUrl(), rewritePath(path, credentials), options.query);
      const init = {
        method: options.method ?? (hasBody ? 'POST' : 'GET'),
        headers: buildHeaders(credentials, hasBody && !isForm, expect),
        body: isForm ? (options.body as FormData) : hasBody ? JSON.stringify(options.body) : undefined,
        signal: options.signal,
      };
      response = await (options.onUploadProgress ? xhrFetch(url, init, options.onUploadProgress) : fetch(url, init));
    } catch (error) {
      if (isAbortError(error)) throw error;
      throw fail(new HttpError({ code: networkErrorCode, status: 0, msg: deps.fallbackMessage() }), options);
    }

    const httpOk = response.status >= 200 && response.status < 300;
    if (expect === 'event-stream' && httpOk && isEventStream(response)) return response;
    if (expect === 'file' && httpOk && !isJson(response)) return response;
    const envelope = readEnvelope(await readBody(response));
    if (expect === 'json' && httpOk && isSuccessCode(envelope.code)) return envelope.data;

    const code = envelope.code !== null && !isSuccessCode(envelope.code) ? envelope.code : response.status;
    const error = new HttpError({
      code,
      status: response.status,
      msg: envelope.msg || deps.fallbackMessage(),
      data: envelope.data,
    });

    if (options.userToken === undefined && sessionEndedSince(credentials)) {
      // Made for a session that ended meanwhile (logout, another account): its refusal is not
      // news, and the screens ask again as whoever is signed in now.
      throw new DOMException('The session this call was made for has ended.', 'AbortError');
    }
    if (code === visitorRefreshCode && !retried && !options.noVisitorRefresh) {
      await deps.refreshVisitorToken();
      return send(path, options, true, expect);
    }
    if (logoutCodes.includes(code)) deps.onLogout();
    else if (response.status === 401) deps.onUnauthorized();
    if (code === errorCodes.ACCESS_REQUIRED.code) {
      // The 403 overlay explains this; a toast per blocked call would only repeat it.
      deps.onAccessRequired();
      throw error;
    }
    // The login dialog says what is needed; the screen that asked may still explain why.
    if (code === errorCodes.LOGIN_REQUIRED.code) deps.onLoginRequired();
    // A disabled account is told even by a quiet call (the unread-count poll): the person has just
    // been signed out and should know why.
    throw fail(error, code === errorCodes.ACCOUNT_DISABLED.code ? { ...options, silent: false } : options);
  }

  function sessionEndedSince(sent: Credentials): boolean {
    return sent.userToken.trim() !== '' && sent.userToken !== deps.credentials().userToken;
  }

  function fail(error: HttpError, options: RequestOptions): HttpError {
    if (!options.silent) deps.notifyError(deps.describeError(error));
    return error;
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    deps.onActivity?.(1);
    try {
      return (await send(path, options, false, 'json')) as T;
    } finally {
      deps.onActivity?.(-1);
    }
  }

  /**
   * POST that answers with `text/event-stream`: resolves with the response whose body is the
   * stream. The loading bar counts the call only until the stream opens.
   */
  async function openEventStream(path: string, body: unknown, options: Omit<RequestOptions, 'body' | 'method'> = {}): Promise<Response> {
    deps.onActivity?.(1);
    try {
      return (await send(path, { ...options, method: 'POST', body }, false, 'event-stream')) as Response;
    } finally {
      deps.onActivity?.(-1);
    }
  }

  /**
   * GET of a file the server sends as it is (a CSV export): resolves with the response to read,
   * its name in `content-disposition`. A JSON envelope is a refusal, handled as any call's.
   */
  async function download(path: string, query?: Query, options: Omit<RequestOptions, 'query' | 'body' | 'method'> = {}): Promise<Response> {
    deps.onActivity?.(1);
    try {
      return (await send(path, { ...options, method: 'GET', query }, false, 'file')) as Response;
    } finally {
      deps.onActivity?.(-1);
    }
  }

  return {
    request,
    get: <T>(path: string, query?: Query, options: Omit<RequestOptions, 'query' | 'body'> = {}) =>
      request<T>(path, { ...options, method: 'GET', query }),
    post: <T>(path: string, body: unknown = {}, options: Omit<RequestOptions, 'body'> = {}) =>
      request<T>(path, { ...options, method: 'POST', body }),
    openEventStream,
    download,
  };
}
