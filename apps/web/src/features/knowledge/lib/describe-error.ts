import { errorCodes } from '@parley/contracts';
import type { TFunction } from 'i18next';
import { describeHttpError, HttpError, type ErrorOverrides } from '../../../lib/http';

/** A knowledge base belongs to one agent: missing and someone else's read the same. */
const knowledgeOverrides: ErrorOverrides = {
  [errorCodes.NOT_FOUND.code]: 'knowledge:errors.notFound',
  [errorCodes.FORBIDDEN.code]: 'knowledge:errors.notFound',
};

/** A refused knowledge call in the user's language. */
export function describeKnowledgeError(error: unknown, t: TFunction<'knowledge'>): string {
  return describeHttpError(error, t, knowledgeOverrides);
}

/** The agent is not there for this person: deleted, someone else's, or a mistyped address. */
export function isNotFound(error: unknown): boolean {
  return error instanceof HttpError && (error.code === errorCodes.NOT_FOUND.code || error.code === errorCodes.FORBIDDEN.code || error.code === errorCodes.VALIDATION.code);
}
