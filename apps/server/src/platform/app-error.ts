import { errorCodes, type ErrorName } from '@parley/contracts';

/**
 * A failure with a meaning the client acts on. Services throw it; the errors plugin turns it
 * into the `{ code, msg, data }` envelope with the HTTP status from the contracts table.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly errorName: ErrorName;
  readonly code: number;
  readonly statusCode: number;
  readonly data: unknown;

  constructor(errorName: ErrorName, msg?: string, data?: unknown) {
    const entry = errorCodes[errorName];
    super(msg ?? entry.msg);
    this.errorName = errorName;
    this.code = entry.code;
    this.statusCode = entry.status;
    this.data = data ?? null;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
