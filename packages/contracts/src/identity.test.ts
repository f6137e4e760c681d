import { describe, expect, it } from 'vitest';
import { getVisitorTokenRequest } from './identity.js';
import { verifyRequest } from './access.js';

describe('visitor token request', () => {
  it('accepts a 24-digit device number', () => {
    expect(getVisitorTokenRequest.parse({ deviceNumber: '1'.repeat(24) })).toEqual({ deviceNumber: '1'.repeat(24) });
  });

  it.each([
    ['too short', '1'.repeat(23)],
    ['too long', '1'.repeat(25)],
    ['not digits', 'a'.repeat(24)],
    ['a number instead of a string', 123456789012],
  ])('rejects a device number that is %s', (_label, deviceNumber) => {
    expect(getVisitorTokenRequest.safeParse({ deviceNumber }).success).toBe(false);
  });
});

describe('verify request', () => {
  it('trims the access password and refuses an empty one', () => {
    expect(verifyRequest.parse({ token: '  secret  ' })).toEqual({ token: 'secret' });
    expect(verifyRequest.safeParse({ token: '   ' }).success).toBe(false);
  });
});
