import { agentKeyLimits, errorCodes } from '@parley/contracts';
import type { TFunction } from 'i18next';
import { describeHttpError, HttpError } from '../../../lib/http';

/** A refused key call in the reader's language; `subject` says what a NOT_FOUND is about. */
export function describeKeyError(error: unknown, t: TFunction<'keys'>, subject: 'agent' | 'key' = 'agent'): string {
  if (error instanceof HttpError && error.code === errorCodes.CONFLICT.code) return t('keys:errors.limit', { max: agentKeyLimits.activePerAgent });
  return describeHttpError(error, t, { [errorCodes.NOT_FOUND.code]: subject === 'agent' ? 'keys:errors.agentGone' : 'keys:errors.keyGone' });
}
