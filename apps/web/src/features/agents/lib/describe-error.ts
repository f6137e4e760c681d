import { errorCodes } from '@parley/contracts';
import type { TFunction } from 'i18next';
import { describeHttpError, HttpError, type ErrorOverrides } from '../../../lib/http';

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

/** The agent is not there for this person: deleted, someone else's, or a mistyped address. */
export function isMissingAgent(error: unknown): boolean {
  const missing: readonly number[] = [errorCodes.NOT_FOUND.code, errorCodes.FORBIDDEN.code, errorCodes.VALIDATION.code];
  return error instanceof HttpError && missing.includes(error.code);
}
