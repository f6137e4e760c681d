import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password-hash.js';

describe('password hashing', () => {
  it('salts every hash and verifies only the right password', async () => {
    const first = await hashPassword('correct7horse');
    const second = await hashPassword('correct7horse');
    expect(first).not.toBe(second);
    expect(await verifyPassword('correct7horse', first)).toBe(true);
    expect(await verifyPassword('correct7horsE', first)).toBe(false);
  });

  it('treats compatibility forms of the same characters alike (NFKC)', async () => {
    const stored = await hashPassword('ｐａｓｓ1234');
    expect(await verifyPassword('pass1234', stored)).toBe(true);
  });

  it('refuses stored values it does not understand', async () => {
    expect(await verifyPassword('correct7horse', 'md5$abc')).toBe(false);
    expect(await verifyPassword('correct7horse', '')).toBe(false);
  });
});
