import { password as passwordRule } from '@parley/contracts';

export type PasswordStrength = 'weak' | 'fair' | 'strong';

/**
 * How hard a password is to guess, for the hint under the field. `weak` also covers anything the
 * server's rule (contracts `password`) refuses, so the hint never calls a refused password fair.
 */
export function passwordStrength(value: string): PasswordStrength {
  if (!passwordRule.safeParse(value).success) return 'weak';
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^\p{L}\d]/u].filter((pattern) => pattern.test(value)).length;
  const distinct = new Set(value).size;
  if (value.length >= 12 && kinds >= 3 && distinct >= 6) return 'strong';
  if (kinds >= 3 || (value.length >= 10 && distinct >= 5)) return 'fair';
  return value.length >= 8 && distinct >= 4 ? 'fair' : 'weak';
}

export function meetsPasswordRule(value: string): boolean {
  return passwordRule.safeParse(value).success;
}
