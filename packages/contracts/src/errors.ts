/**
 * The one error vocabulary of Parley. Every JSON response is `{ code, msg, data }`;
 * `code === 0` is success. Each code keeps a meaningful HTTP status.
 */
export const errorCodes = {
  OK: { code: 0, status: 200, msg: 'success' },
  VALIDATION: { code: 400, status: 400, msg: 'The request is not valid.' },
  UNAUTHORIZED: { code: 401, status: 401, msg: 'Please sign in to continue.' },
  TOKEN_EXPIRED: { code: 60000, status: 401, msg: 'Your session has expired, please sign in again.' },
  ACCOUNT_DISABLED: { code: -104, status: 403, msg: 'This account is disabled or has been deleted.' },
  VISITOR_TOKEN_INVALID: { code: -2, status: 401, msg: 'Your visitor session is no longer valid.' },
  ACCESS_REQUIRED: { code: 403, status: 403, msg: 'Unauthorized, please verify first.' },
  ACCESS_PASSWORD_WRONG: { code: 10003, status: 403, msg: 'The access password is wrong.' },
  NOT_FOUND: { code: 10001, status: 404, msg: 'Not found.' },
  ROUTE_NOT_FOUND: { code: 404, status: 404, msg: 'No such API route.' },
  CONFLICT: { code: 10002, status: 409, msg: 'This conflicts with what already exists.' },
  PAYLOAD_TOO_LARGE: { code: 413, status: 413, msg: 'The request body is too large.' },
  UNSUPPORTED_MEDIA_TYPE: { code: 415, status: 415, msg: 'This content type is not supported.' },
  RATE_LIMITED: { code: 10004, status: 429, msg: 'Too many requests, please slow down and try again shortly.' },
  QUOTA_EXCEEDED: {
    code: 10005,
    status: 429,
    msg: "You have used today's free messages. Log in to keep chatting.",
  },
  /** The app was deleted or hidden: its chats stay readable, nothing new can be sent. */
  APP_UNAVAILABLE: { code: 10006, status: 410, msg: 'This agent is no longer available.' },
  INTERNAL: { code: 500, status: 500, msg: 'Something went wrong, please try again later.' },
  UNAVAILABLE: { code: 503, status: 503, msg: 'The service is temporarily unavailable.' },
} as const satisfies Record<string, { code: number; status: number; msg: string }>;

export type ErrorName = keyof typeof errorCodes;
export type ErrorCodeValue = (typeof errorCodes)[ErrorName]['code'];

/** Codes after which the client clears token, user info, visitor token and app state. */
export const logoutCodes: readonly number[] = [
  errorCodes.UNAUTHORIZED.code,
  errorCodes.TOKEN_EXPIRED.code,
  errorCodes.ACCOUNT_DISABLED.code,
];

/** Code after which the client asks for a fresh visitor token. */
export const visitorRefreshCode: number = errorCodes.VISITOR_TOKEN_INVALID.code;

export function isSuccessCode(code: unknown): boolean {
  return code === errorCodes.OK.code;
}
