import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tokenRepo } from '../src/db/repos/token-repo.js';
import { userRepo } from '../src/db/repos/user-repo.js';
import { createOpaqueToken } from '../src/services/accounts/opaque-token.js';
import { buildTestApp, newDeviceNumber, testDatabase } from './helper.js';

const app = await buildTestApp();
const db = (await testDatabase()).handle.db;
const users = userRepo(db);
const tokens = tokenRepo(db);

const HOUR = 3600 * 1000;

async function signedInUser(options: { expiresInMs?: number; disabled?: boolean; deleted?: boolean } = {}) {
  const user = await users.create({
    username: `user-${newDeviceNumber()}`,
    disabledAt: options.disabled ? new Date() : null,
    deletedAt: options.deleted ? new Date() : null,
  });
  const { token, tokenHash } = createOpaqueToken();
  await tokens.insert({
    kind: 'user',
    userId: user.id,
    tokenHash,
    expiresAt: new Date(Date.now() + (options.expiresInMs ?? HOUR)),
  });
  return { user, token, tokenHash };
}

async function visitorToken(deviceNumber = newDeviceNumber()) {
  const response = await app.inject({ method: 'POST', url: '/api/visitor/getToken', payload: { deviceNumber } });
  return { deviceNumber, token: response.json().data.visitorToken as string };
}

function identity(url: string, headers: Record<string, string>) {
  return app.inject({ url, headers });
}

describe('GET /api/identity (user token)', () => {
  it('knows the user from an Authorization bearer token', async () => {
    const { user, token } = await signedInUser();
    const response = await identity('/api/identity', { authorization: `Bearer ${token}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: 0,
      msg: 'success',
      data: { kind: 'user', userId: user.id, username: user.username },
    });
  });

  it('knows the user from the custom token header too', async () => {
    const { user, token } = await signedInUser();
    const response = await identity('/api/identity', { 'x-parley-token': token });
    expect(response.json().data).toMatchObject({ kind: 'user', userId: user.id });
  });

  it('answers 401 UNAUTHORIZED when no user token is sent', async () => {
    const response = await identity('/api/identity', {});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 401, msg: 'Please sign in to continue.', data: null });
  });

  it('answers 401 when only a visitor token is sent', async () => {
    const visitor = await visitorToken();
    const response = await identity('/api/identity', {
      'x-parley-visitor-token': visitor.token,
      'x-parley-device': visitor.deviceNumber,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe(401);
  });

  it.each([
    ['unknown', async () => createOpaqueToken().token],
    ['malformed', async () => 'short!'],
    ['expired', async () => (await signedInUser({ expiresInMs: -1000 })).token],
    [
      'revoked',
      async () => {
        const { token, tokenHash } = await signedInUser();
        await tokens.revoke(tokenHash);
        return token;
      },
    ],
  ])('answers TOKEN_EXPIRED (60000) for an %s token', async (_label, makeToken) => {
    const response = await identity('/api/identity', { authorization: `Bearer ${await makeToken()}` });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      code: 60000,
      msg: 'Your session has expired, please sign in again.',
      data: null,
    });
  });

  it('does not accept a visitor token as a user token', async () => {
    const visitor = await visitorToken();
    const response = await identity('/api/identity', { authorization: `Bearer ${visitor.token}` });
    expect(response.json().code).toBe(60000);
  });

  it.each([
    ['disabled', { disabled: true }],
    ['deleted', { deleted: true }],
  ])('answers ACCOUNT_DISABLED (-104) for a %s account', async (_label, state) => {
    const { token } = await signedInUser(state);
    const response = await identity('/api/identity', { authorization: `Bearer ${token}` });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: -104, msg: 'This account is disabled or has been deleted.', data: null });
  });
});

describe('GET /api/visitor/identity (visitor token)', () => {
  it('knows the visitor from the visitor token and device id', async () => {
    const visitor = await visitorToken();
    const response = await identity('/api/visitor/identity', {
      'x-parley-visitor-token': visitor.token,
      'x-parley-device': visitor.deviceNumber,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 0, msg: 'success', data: { kind: 'visitor', visitorId: expect.any(String) } });
  });

  it.each([
    ['no token', async () => ({ 'x-parley-device': newDeviceNumber() })],
    ['no device id', async () => ({ 'x-parley-visitor-token': (await visitorToken()).token })],
    [
      'an unknown token',
      async () => ({ 'x-parley-visitor-token': createOpaqueToken().token, 'x-parley-device': newDeviceNumber() }),
    ],
    [
      'another device',
      async () => ({ 'x-parley-visitor-token': (await visitorToken()).token, 'x-parley-device': newDeviceNumber() }),
    ],
    [
      'a user token',
      async () => ({ 'x-parley-visitor-token': (await signedInUser()).token, 'x-parley-device': newDeviceNumber() }),
    ],
  ])('answers VISITOR_TOKEN_INVALID (-2) with %s', async (_label, makeHeaders) => {
    const response = await identity('/api/visitor/identity', await makeHeaders());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: -2, msg: 'Your visitor session is no longer valid.', data: null });
  });

  it('answers -2 for an expired visitor token', async () => {
    const { token, deviceNumber } = await visitorToken();
    await db.execute(sql`update auth_tokens set expires_at = now() - interval '1 second' where kind = 'visitor'`);

    const response = await identity('/api/visitor/identity', {
      'x-parley-visitor-token': token,
      'x-parley-device': deviceNumber,
    });
    expect(response.json().code).toBe(-2);
  });
});
