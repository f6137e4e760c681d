import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../platform/app-error.js';

const ACCESS_TOKEN_CONTEXT = 'parley-access-v1';

function hmac(key: string | Buffer, value: string): Buffer {
  return createHmac('sha256', key).update(value, 'utf8').digest();
}

/**
 * The site access password. Comparisons go through HMACs of equal length so neither the
 * length nor the content of the password leaks through timing.
 */
export function createAccessService(password: string) {
  const required = password.length > 0;
  const compareKey = randomBytes(32);
  // The client sends the trimmed input, so surrounding spaces in the setting must not lock everyone out.
  const passwordMac = hmac(compareKey, password.trim());
  const accessToken = required ? hmac(password, ACCESS_TOKEN_CONTEXT).toString('base64url') : '';
  const accessTokenMac = hmac(compareKey, accessToken);

  return {
    required,

    /** Exchanges the password for the access token the client sends from then on. */
    verifyPassword(given: string): { accessToken: string } {
      if (!required) return { accessToken };
      if (!timingSafeEqual(hmac(compareKey, given), passwordMac)) throw new AppError('ACCESS_PASSWORD_WRONG');
      return { accessToken };
    },

    allows(givenAccessToken: string | undefined): boolean {
      if (!required) return true;
      if (!givenAccessToken) return false;
      return timingSafeEqual(hmac(compareKey, givenAccessToken), accessTokenMac);
    },
  };
}

export type AccessService = ReturnType<typeof createAccessService>;
