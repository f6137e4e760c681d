import { errorCodes } from '@parley/contracts';
import type { TFunction } from 'i18next';
import { HttpError } from '../../../lib/http';

/** A refused agent call in the user's language, for the codes an agent screen meets. */
export function describeAgentError(error: unknown, t: TFunction<'agents'>): string {
  if (!(error instanceof HttpError)) return t('agents:errors.generic');
  switch (error.code) {
    case errorCodes.NOT_FOUND.code:
      return t('agents:errors.notFound');
    case errorCodes.FORBIDDEN.code:
      return t('agents:errors.forbidden');
    case errorCodes.LOGIN_REQUIRED.code:
      return t('agents:errors.loginRequired');
    case errorCodes.AGENT_PRIVATE.code:
      return t('agents:errors.private');
    case errorCodes.RATE_LIMITED.code:
      return t('agents:errors.rateLimited');
    case errorCodes.VALIDATION.code:
      return t('agents:errors.incomplete');
    case errorCodes.APP_UNAVAILABLE.code:
      return t('agents:errors.unavailable');
    case errorCodes.QUESTION_REFUSED.code:
      return t('agents:errors.questionRefused');
    default:
      return error.status === 0 ? t('agents:errors.network') : t('agents:errors.generic');
  }
}
