import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../platform/app-error.js';

const ACCESS_TOKEN_CONTEXT = 'parley-access-v1';

/** site_settings key of the access epoch; `npm run admin -- access rotate` replaces it. */
export const accessEpochKey = 'access.epoch';

/** How long an instance trusts the epoch it last read: a rotation reaches every instance within this. */
export const accessEpochTtlMs = 10_000;

function hmac(key: string | Buffer, value: string): Buffer {
  return createHmac('sha256', key).update(value, 'utf8').digest();
}

/** A new random epoch: every access token issued under the old one stops working. */
export function newAccessEpoch(): string {
  return randomBytes(16).toString('base64url');
}

/** The epoch as stored: empty until the first rotation. */
export function accessEpochOf(stored: unknown): string {
  return typeof stored === 'string' ? stored : '';
}

/** Where the epoch is kept (site_settings), so every instance reads the same one. */
export interface AccessEpochStore {
  read(): Promise<string>;
}

/**
 * The site access password. Comparisons go through HMACs of equal length so neither the
 * length nor the content of the password leaks through timing. The access token is the HMAC
 * of the password over a server-side epoch, so an operator can revoke every token without
 * changing the password; before the first rotation the epoch is empty and tokens stay as they were.
 */
export function createAccessService(password: string, epochs: AccessEpochStore, now: () => number = () => Date.now()) {
  const required = password.length > 0;
  const compareKey = randomBytes(32);
  // The client sends the trimmed input, so surrounding spaces in the setting must not lock everyone out.
  const passwordMac = hmac(compareKey, password.trim());
  let cached: { epoch: string; tokenMac: Buffer; accessToken: string; readAt: number } | null = null;

  async function current() {
    if (cached && now() - cached.readAt < accessEpochTtlMs) return cached;
    const epoch = await epochs.read();
    if (cached?.epoch !== epoch) {
      const accessToken = hmac(password, epoch === '' ? ACCESS_TOKEN_CONTEXT : `${ACCESS_TOKEN_CONTEXT}:${epoch}`).toString('base64url');
      cached = { epoch, accessToken, tokenMac: hmac(compareKey, accessToken), readAt: now() };
    } else {
      cached.readAt = now();
    }
    return cached;
  }

  return {
    required,

    /** Exchanges the password for the access token the client sends from then on. */
    async verifyPassword(given: string): Promise<{ accessToken: string }> {
      if (!required) return { accessToken: '' };
      if (!timingSafeEqual(hmac(compareKey, given), passwordMac)) throw new AppError('ACCESS_PASSWORD_WRONG');
      return { accessToken: (await current()).accessToken };
    },

    async allows(givenAccessToken: string | undefined): Promise<boolean> {
      if (!required) return true;
      if (!givenAccessToken) return false;
      return timingSafeEqual(hmac(compareKey, givenAccessToken), (await current()).tokenMac);
    },
  };
}

export type AccessService = ReturnType<typeof createAccessService>;
