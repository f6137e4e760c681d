import { beforeEach, describe, expect, it } from 'vitest';
import { authTokens, visitors } from '../src/db/schema/index.js';
import { hashToken } from '../src/services/accounts/opaque-token.js';
import { buildTestApp, newDeviceNumber, testDatabase } from './helper.js';

const app = await buildTestApp();
const db = (await testDatabase()).handle.db;

function getToken(target: typeof app, deviceNumber: unknown) {
  return target.inject({ method: 'POST', url: '/api/visitor/getToken', payload: { deviceNumber } });
}

describe('POST /api/visitor/getToken', () => {
  beforeEach(async () => (await testDatabase()).truncateAll());

  it('issues a visitor token in the success envelope, without any token sent', async () => {
    const before = Date.now();
    const response = await getToken(app, newDeviceNumber());

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ code: 0, msg: 'success' });
    expect(body.data.visitorToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const expiresAt = Date.parse(body.data.expiresAt);
    expect(expiresAt - before).toBeGreaterThanOrEqual(30 * 24 * 3600 * 1000 - 1000);
    expect(expiresAt - before).toBeLessThanOrEqual(30 * 24 * 3600 * 1000 + 5000);
  });

  it('stores only the SHA-256 of the token, never the token itself', async () => {
    const { visitorToken } = (await getToken(app, newDeviceNumber())).json().data;

    const rows = await db.select().from(authTokens);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'visitor', tokenHash: hashToken(visitorToken), revokedAt: null });
    expect(JSON.stringify(rows)).not.toContain(visitorToken);
  });

  it('keeps one visitor per device and leaves earlier tokens valid', async () => {
    const deviceNumber = newDeviceNumber();
    const first = (await getToken(app, deviceNumber)).json().data.visitorToken;
    const second = (await getToken(app, deviceNumber)).json().data.visitorToken;

    expect(second).not.toBe(first);
    expect(await db.$count(visitors)).toBe(1);
    expect(await db.$count(authTokens)).toBe(2);
    for (const token of [first, second]) {
      const identity = await app.inject({
        url: '/api/visitor/identity',
        headers: { 'x-parley-visitor-token': token, 'x-parley-device': deviceNumber },
      });
      expect(identity.json().code).toBe(0);
    }
  });

  it.each([
    ['too short', '1'.repeat(23), 'deviceNumber: deviceNumber must be exactly 24 digits'],
    ['not digits', 'x'.repeat(24), 'deviceNumber: deviceNumber must be exactly 24 digits'],
    ['a number', 123456789012, 'deviceNumber: deviceNumber must be a string'],
    ['missing', undefined, 'deviceNumber: deviceNumber must be a string'],
  ])('refuses a device number that is %s, naming the field, and stores nothing', async (_label, deviceNumber, msg) => {
    const response = await getToken(app, deviceNumber);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 400,
      msg,
      data: [{ path: 'deviceNumber', message: msg.replace('deviceNumber: ', '') }],
    });
    expect(await db.$count(visitors)).toBe(0);
    expect(await db.$count(authTokens)).toBe(0);
  });

  it('refuses the wrong method with 405, saying which one it takes', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/visitor/getToken' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('POST');
    expect(response.json()).toMatchObject({ code: 405, msg: 'This method is not allowed here.' });
  });
});

describe('visitor token rate limit', () => {
  it('answers RATE_LIMITED in the envelope once an IP exceeds VISITOR_TOKEN_RATE_LIMIT a minute', async () => {
    const limited = await buildTestApp({ VISITOR_TOKEN_RATE_LIMIT: '3' });
    for (let i = 0; i < 3; i += 1) {
      expect((await getToken(limited, newDeviceNumber())).statusCode).toBe(200);
    }
    const tokensBefore = await db.$count(authTokens);

    const refused = await getToken(limited, newDeviceNumber());

    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 10004,
      msg: 'Too many requests, please slow down and try again shortly.',
      data: null,
    });
    expect(refused.headers['retry-after']).toBeDefined();
    expect(await db.$count(authTokens)).toBe(tokensBefore);
  });

  it('counts each IP separately', async () => {
    const limited = await buildTestApp({ VISITOR_TOKEN_RATE_LIMIT: '1' });
    const from = (remoteAddress: string) =>
      limited.inject({
        method: 'POST',
        url: '/api/visitor/getToken',
        remoteAddress,
        payload: { deviceNumber: newDeviceNumber() },
      });

    expect((await from('10.0.0.1')).statusCode).toBe(200);
    expect((await from('10.0.0.1')).statusCode).toBe(429);
    expect((await from('10.0.0.2')).statusCode).toBe(200);
  });
});
