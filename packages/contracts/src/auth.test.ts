import { describe, expect, it } from 'vitest';
import { maskPhone, updateProfileRequest, username } from './account.js';
import { defaultSmsSignSecret, makeNonce, password, resetPasswordRequest, smsSignature } from './auth.js';

describe('SMS request signature', () => {
  const fields = {
    time: 1700000000000,
    phone: '13800138000',
    smsChannel: 'sms',
    nonceStr: 'AbCdEfGh12345678',
    channel: 'web',
    areaCode: '86',
  };

  it('is the upper-case MD5 of the sorted name=value pairs joined by & with &key=<secret> appended', () => {
    // md5("areaCode=86&channel=web&nonceStr=AbCdEfGh12345678&phone=13800138000&smsChannel=sms&time=1700000000000&key=parley-sms-sign-2026")
    expect(smsSignature(fields, defaultSmsSignSecret)).toBe('8DEFFF28485124E438D176668AB6B1EE');
  });

  it('changes with any signed field or the secret', () => {
    const base = smsSignature(fields, defaultSmsSignSecret);
    expect(smsSignature({ ...fields, phone: '13800138001' }, defaultSmsSignSecret)).not.toBe(base);
    expect(smsSignature(fields, 'another-secret')).not.toBe(base);
  });

  it('makes 16-character nonces of digits and letters', () => {
    const nonce = makeNonce(new Uint8Array([0, 9, 10, 35, 36, 61, 62, 255, 1, 2, 3, 4, 5, 6, 7, 8]));
    expect(nonce).toMatch(/^[0-9A-Za-z]{16}$/);
    expect(nonce.slice(0, 6)).toBe('09AZaz');
  });
});

describe('password rule', () => {
  it.each([
    ['too short', 'abc123'],
    ['letters only', 'abcdefghij'],
    ['digits only', '1234567890'],
    ['too long', `a1${'x'.repeat(63)}`],
  ])('refuses a password that is %s', (_label, value) => {
    expect(password.safeParse(value).success).toBe(false);
  });

  it('accepts letters and digits of 8 or more characters, in any script', () => {
    expect(password.safeParse('correct7horse').success).toBe(true);
    expect(password.safeParse('密码密码密码12').success).toBe(true);
  });

  it('reports mismatched confirmation on confirmPassword', () => {
    const result = resetPasswordRequest.safeParse({
      mobile: '13800138000',
      password: 'correct7horse',
      confirmPassword: 'correct7horsf',
      token: 'a'.repeat(43),
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['confirmPassword']);
  });
});

describe('username and profile', () => {
  it('accepts letters of any script, digits, _ and -', () => {
    expect(username.parse('  小明_2026 ')).toBe('小明_2026');
    expect(username.safeParse('only-ascii').success).toBe(true);
  });

  it.each([['one character', 'a'], ['digits only', '13800138000'], ['spaces inside', 'a b'], ['a symbol', 'a@b']])(
    'refuses a username with %s',
    (_label, value) => {
      expect(username.safeParse(value).success).toBe(false);
    },
  );

  it('refuses an update that changes nothing', () => {
    expect(updateProfileRequest.safeParse({}).success).toBe(false);
    expect(updateProfileRequest.safeParse({ headUrl: null }).success).toBe(true);
  });

  it('masks the middle of a phone number', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskPhone('91234567')).toBe('912*4567');
    expect(maskPhone('1234')).toBe('****');
  });
});
