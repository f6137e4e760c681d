import { errorCodes, type Envelope } from '@parley/contracts';

/** The success envelope every JSON route returns. */
export function ok<T>(data: T): Envelope<T> {
  return { code: errorCodes.OK.code, msg: errorCodes.OK.msg, data };
}
