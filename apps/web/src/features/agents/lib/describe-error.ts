import { errorCodes } from '@parley/contracts';
import type { TFunction } from 'i18next';
import { describeHttpError, type ErrorOverrides } from '../../../lib/http';

/** Where an agent screen can say more than the general text of the code. */
const agentOverrides: ErrorOverrides = {
  [errorCodes.NOT_FOUND.code]: 'agents:errors.notFound',
  [errorCodes.FORBIDDEN.code]: 'agents:errors.forbidden',
  [errorCodes.RATE_LIMITED.code]: 'agents:errors.rateLimited',
  [errorCodes.VALIDATION.code]: 'agents:errors.incomplete',
};

/** A refused agent call in the user's language. */
export function describeAgentError(error: unknown, t: TFunction<'agents'>): string {
  return describeHttpError(error, t, agentOverrides);
}
