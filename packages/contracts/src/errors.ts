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
  /** The path exists, with other methods: the `Allow` header lists them. */
  METHOD_NOT_ALLOWED: { code: 405, status: 405, msg: 'This method is not allowed here.' },
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
  /** The SMS code is wrong (tries left stay counted), or none is waiting for this phone. */
  SMS_CODE_INVALID: { code: 10101, status: 400, msg: 'The verification code is wrong.' },
  /** The code expired, was used already, or was burned after too many wrong tries. */
  SMS_CODE_EXPIRED: { code: 10102, status: 400, msg: 'This verification code is no longer valid, please request a new one.' },
  /** Bad signature, stale time or a replayed nonce on an SMS request. */
  SMS_SIGNATURE_INVALID: {
    code: 10103,
    status: 400,
    msg: 'This request could not be verified. Check the clock of your device and try again.',
  },
  /** Asked again before the resend interval; `data.retryAfterSeconds` says how long to wait. */
  SMS_TOO_SOON: { code: 10104, status: 429, msg: 'Please wait before requesting another code.' },
  /** Sign-in by password: the same answer for an unknown phone and a wrong password. */
  LOGIN_FAILED: { code: 10105, status: 400, msg: 'The phone number or password is wrong.' },
  /** The one-time token of verifyCode is unknown, used or expired. */
  VERIFICATION_EXPIRED: { code: 10106, status: 400, msg: 'This verification has expired, please verify your phone again.' },
  PHONE_IN_USE: { code: 10107, status: 409, msg: 'This phone number belongs to another account.' },
  USERNAME_TAKEN: { code: 10108, status: 409, msg: 'This username is taken, please choose another.' },
  /** Publishing to public was refused by the content check; `data` lists fields and reasons. */
  CONTENT_BLOCKED: { code: 10007, status: 422, msg: 'This content cannot be published.' },
  /**
   * The chat's content check refused a question before it was saved or sent to any model. Which
   * word or category matched is not said, unlike when publishing.
   */
  QUESTION_REFUSED: {
    code: 10011,
    status: 422,
    msg: 'This question cannot be answered here because it touches on content this site does not allow. Please rephrase it.',
  },
  /** Someone else's agent (or an operator-only call). */
  FORBIDDEN: { code: 10008, status: 403, msg: 'You are not allowed to do this.' },
  /** A visitor called something that needs an account: the client opens the login dialog. */
  LOGIN_REQUIRED: { code: 10009, status: 403, msg: 'Please log in to do this.' },
  AGENT_PRIVATE: {
    code: 10010,
    status: 409,
    msg: 'A private agent cannot be shared. Make it unlisted or public first.',
  },
  /** The widget's config was asked for from a website its owner did not list (or the agent has no widget). */
  WIDGET_ORIGIN_REFUSED: { code: 10012, status: 403, msg: 'This website is not allowed to show this agent.' },
  /** A server-side fetch of a user-given URL (an online prompt list) failed or was refused. */
  /** The link the user gave leads to no usable list (unreachable, an error page, not JSON): theirs to change. */
  REMOTE_FETCH_FAILED: { code: 10020, status: 422, msg: 'Please check the network and that the JSON file is valid.' },
  REMOTE_ADDRESS_REFUSED: { code: 10021, status: 400, msg: 'This address is not public, so it cannot be fetched.' },
  /** The instance is shutting down (a deploy or restart): nothing was saved; asking again reaches another one. */
  SHUTTING_DOWN: { code: 10030, status: 503, msg: 'This server is restarting. Please try again in a moment.' },
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
