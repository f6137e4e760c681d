import { defaultSmsSignSecret, smsSignature } from '@parley/contracts';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signedSmsRequest } from './sms-request';

describe('a signed SMS request', () => {
  it('signs the sorted fields joined with the secret, MD5 upper case', () => {
    const request = signedSmsRequest({ areaCode: '86', phone: '13800138000', purpose: 'login' }, 1_700_000_000_000);
    const joined = `areaCode=86&channel=web&nonceStr=${request.nonceStr}&phone=13800138000&smsChannel=sms&time=1700000000000&key=${defaultSmsSignSecret}`;
    const expected = createHash('md5').update(joined).digest('hex').toUpperCase();
    expect(request.sign).toBe(expected);
    expect(request.sign).toBe(smsSignature(request, defaultSmsSignSecret));
    expect(request).toMatchObject({ purpose: 'login', channel: 'web', smsChannel: 'sms', time: 1_700_000_000_000 });
  });

  it('uses a new 16-character nonce of digits and letters every time', () => {
    const nonces = new Set(Array.from({ length: 20 }, () => signedSmsRequest({ areaCode: '86', phone: '1380013', purpose: 'login' }).nonceStr));
    expect(nonces.size).toBe(20);
    for (const nonce of nonces) expect(nonce).toMatch(/^[0-9A-Za-z]{16}$/);
  });
});
