import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: what a client holds. Only its hash is stored. */
export function createOpaqueToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
