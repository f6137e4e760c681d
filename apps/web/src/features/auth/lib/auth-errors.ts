import { errorCodes } from '@parley/contracts';
import type { TFunction } from 'i18next';
import { HttpError, networkErrorCode } from '../../../lib/http';

/** The codes of issue 6 a person can act on, each with its own advice in the `auth` namespace. */
const adviceKeys: Record<number, string> = {
  [errorCodes.SMS_CODE_INVALID.code]: 'errors.codeInvalid',
  [errorCodes.SMS_CODE_EXPIRED.code]: 'errors.codeExpired',
  [errorCodes.SMS_SIGNATURE_INVALID.code]: 'errors.signature',
  [errorCodes.SMS_TOO_SOON.code]: 'errors.tooSoon',
  [errorCodes.RATE_LIMITED.code]: 'errors.rateLimited',
  [errorCodes.LOGIN_FAILED.code]: 'errors.loginFailed',
  [errorCodes.VERIFICATION_EXPIRED.code]: 'errors.verificationExpired',
  [errorCodes.PHONE_IN_USE.code]: 'errors.phoneInUse',
  [errorCodes.USERNAME_TAKEN.code]: 'errors.usernameTaken',
  [errorCodes.UNAVAILABLE.code]: 'errors.smsUnavailable',
  [networkErrorCode]: 'errors.network',
};

/** Which form field an error belongs to, when it belongs to one. */
const fieldOfCode: Record<number, string> = {
  [errorCodes.SMS_CODE_INVALID.code]: 'smsCode',
  [errorCodes.SMS_CODE_EXPIRED.code]: 'smsCode',
  [errorCodes.PHONE_IN_USE.code]: 'mobile',
  [errorCodes.USERNAME_TAKEN.code]: 'username',
};

/** Seconds to wait from a 429 answer's `data.retryAfterSeconds`, if it says. */
export function retryAfterSeconds(error: unknown): number | null {
  if (!(error instanceof HttpError) || typeof error.data !== 'object' || error.data === null) return null;
  const seconds = (error.data as { retryAfterSeconds?: unknown }).retryAfterSeconds;
  return typeof seconds === 'number' && seconds > 0 ? Math.ceil(seconds) : null;
}

function waitText(t: TFunction, seconds: number | null): string {
  if (seconds === null) return '';
  return seconds >= 120 ? t('auth:errors.waitMinutes', { count: Math.ceil(seconds / 60) }) : t('auth:errors.waitSeconds', { count: seconds });
}

/** A sentence that says what happened and what to do, in the reader's language. */
export function authErrorMessage(error: unknown, t: TFunction): string {
  if (!(error instanceof HttpError)) return t('common:error.generic');
  const key = adviceKeys[error.code];
  if (!key) return error.msg || t('common:error.generic');
  const wait = waitText(t, retryAfterSeconds(error));
  return wait ? `${t(`auth:${key}`)} ${wait}` : t(`auth:${key}`);
}

export interface FieldProblem {
  name: string;
  errors: string[];
}

/**
 * Field-level problems from an error: a VALIDATION answer lists `{path, message}`; some codes
 * belong to one field. Returns [] when the error is about the form as a whole.
 */
export function fieldProblems(error: unknown, t: TFunction, fields: readonly string[]): FieldProblem[] {
  if (!(error instanceof HttpError)) return [];
  if (error.code === errorCodes.VALIDATION.code && Array.isArray(error.data)) {
    return error.data.flatMap((problem: unknown) => {
      const { path, message } = (problem ?? {}) as { path?: unknown; message?: unknown };
      return typeof path === 'string' && fields.includes(path) && typeof message === 'string' ? [{ name: path, errors: [message] }] : [];
    });
  }
  const field = fieldOfCode[error.code];
  return field && fields.includes(field) ? [{ name: field, errors: [authErrorMessage(error, t)] }] : [];
}
