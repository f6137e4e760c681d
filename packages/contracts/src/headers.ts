/** Header names shared by the web client and the server (lower case, as Node sees them). */
export const headers = {
  /** `Authorization: Bearer <user token>` */
  authorization: 'authorization',
  /** The same user token in the custom header older clients send. */
  userToken: 'x-parley-token',
  /** The visitor token, bound to the device id. */
  visitorToken: 'x-parley-visitor-token',
  /** The 24-digit device id the visitor token is bound to. */
  deviceId: 'x-parley-device',
  /** The site access token that `POST /verify` hands out when `ACCESS_PASSWORD` is set. */
  accessToken: 'x-parley-access',
  /** Request id, echoed back on every response. */
  requestId: 'x-request-id',
} as const;

/** Path prefixes: user-token handlers and their visitor-token twins. */
export const apiPrefix = '/api';
export const visitorApiPrefix = '/api/visitor';
