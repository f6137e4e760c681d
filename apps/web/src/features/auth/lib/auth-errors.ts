import { errorCodes } from '@parley/contracts';
import type { TFunction } from 'i18next';
import { describeHttpError, HttpError, type ErrorOverrides } from '../../../lib/http';

/** Where a sign-in form can say more than the general text of the code. */
const authOverrides: ErrorOverrides = {
  [errorCodes.SMS_TOO_SOON.code]: 'auth:errors.tooSoon',
  [errorCodes.RATE_LIMITED.code]: 'auth:errors.rateLimited',
  [errorCodes.UNAVAILABLE.code]: 'auth:errors.smsUnavailable',
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
  const message = describeHttpError(error, t, authOverrides);
  const wait = waitText(t, retryAfterSeconds(error));
  return wait ? `${message} ${wait}` : message;
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
