import { Readable } from 'node:stream';
import { errorCodes, type Envelope } from '@parley/contracts';

/** The success envelope every JSON route returns. */
export function ok<T>(data: T): Envelope<T> {
  return { code: errorCodes.OK.code, msg: errorCodes.OK.msg, data };
}

/**
 * The success envelope around JSON text that comes in pieces (`data` streamed, e.g. an export
 * of any size): the same bytes `ok(data)` would give, never held whole.
 */
export function okStream(data: AsyncIterable<string>): Readable {
  const ok = errorCodes.OK;
  async function* enveloped() {
    yield `{"code":${ok.code},"msg":${JSON.stringify(ok.msg)},"data":`;
    yield* data;
    yield '}';
  }
  return Readable.from(enveloped());
}
