import { errorCodes } from '@parley/contracts';
import type { TFunction } from 'i18next';
import { HttpError } from '../../../lib/http';

/** A refused knowledge call in the user's language, with what to do about it. */
export function describeKnowledgeError(error: unknown, t: TFunction<'knowledge'>): string {
  if (!(error instanceof HttpError)) return t('knowledge:errors.generic');
  switch (error.code) {
    case errorCodes.NOT_FOUND.code:
    case errorCodes.FORBIDDEN.code:
      return t('knowledge:errors.notFound');
    case errorCodes.LOGIN_REQUIRED.code:
      return t('knowledge:errors.loginRequired');
    case errorCodes.RATE_LIMITED.code:
      return t('knowledge:errors.rateLimited');
    case errorCodes.VALIDATION.code:
      return error.msg || t('knowledge:errors.generic');
    default:
      return error.status === 0 ? t('knowledge:errors.network') : t('knowledge:errors.generic');
  }
}

/** The agent is not there for this person: deleted, someone else's, or a mistyped address. */
export function isNotFound(error: unknown): boolean {
  return error instanceof HttpError && (error.code === errorCodes.NOT_FOUND.code || error.code === errorCodes.FORBIDDEN.code || error.code === errorCodes.VALIDATION.code);
}
