/** Code of a request that never got an answer (network down, server unreachable). */
export const networkErrorCode = -1;

/** A failed call: the envelope's code and msg, and the HTTP status (0 when there was no answer). */
export class HttpError extends Error {
  readonly code: number;
  readonly status: number;
  readonly msg: string;
  readonly data: unknown;

  constructor({ code, status, msg, data = null }: { code: number; status: number; msg: string; data?: unknown }) {
    super(msg);
    this.name = 'HttpError';
    this.code = code;
    this.status = status;
    this.msg = msg;
    this.data = data;
  }
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}
