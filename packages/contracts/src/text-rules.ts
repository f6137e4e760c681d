import { z } from 'zod';

/** PostgreSQL text cannot hold U+0000: a request carrying one in any text is refused by field. */
export const nulCharacterMessage = 'must not contain the NUL character (U+0000)';

/** Where in a request value (body, query, params) a text holds a NUL character. */
export function nulPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return value.includes('\u0000') ? [path] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => nulPaths(item, [...path, index]));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => [
      ...(key.includes('\u0000') ? [[...path, key]] : []),
      ...nulPaths(item, [...path, key]),
    ]);
  }
  return [];
}

/**
 * The rule every request schema runs first (the server pipes each route's schema through it):
 * every text field at once, so none can reach the database with a NUL in it.
 */
export const withoutNul = z.unknown().superRefine((value, context) => {
  for (const path of nulPaths(value)) context.addIssue({ code: 'custom', path, message: nulCharacterMessage });
});
