import { errorCodes, type ErrorName } from '@parley/contracts';
import type { TFunction } from 'i18next';
import { HttpError, networkErrorCode } from './http-error';

/** A screen's own, more specific key per code, e.g. `{ [errorCodes.NOT_FOUND.code]: 'agents:errors.notFound' }`. */
export type ErrorOverrides = Readonly<Partial<Record<number, string>>>;

/** `ACCESS_PASSWORD_WRONG` → `errors:accessPasswordWrong`. */
function keyOfName(name: ErrorName): string {
  return `errors:${name.toLowerCase().replace(/_(\w)/g, (_, letter: string) => letter.toUpperCase())}`;
}

/** The `errors` namespace key of every code the client knows: each error code in contracts, and the client's own. */
export const errorKeys: ReadonlyMap<number, string> = new Map([
  ...(Object.keys(errorCodes) as ErrorName[]).filter((name) => name !== 'OK').map((name) => [errorCodes[name].code, keyOfName(name)] as const),
  [networkErrorCode, 'errors:network'],
]);

/**
 * A failed call in the reader's language: the screen's own key for the code, else the code's
 * text in `errors`; the server's (English) msg only for a code this client does not know.
 */
export function describeHttpError(error: unknown, t: TFunction, overrides: ErrorOverrides = {}): string {
  if (!(error instanceof HttpError)) return t('errors:generic');
  const key = overrides[error.code] ?? errorKeys.get(error.code);
  if (key) return t(key);
  return error.msg || t('errors:generic');
}
