import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { authTokens } from '../src/db/schema/index.js';
import { buildTestApp, newDeviceNumber, testDatabase } from './helper.js';

const PASSWORD = 'open sesame';
const expectedAccessToken = createHmac('sha256', PASSWORD).update('parley-access-v1').digest('base64url');

const openSite = await buildTestApp({ LLM_MODELS: 'deepseek-chat, qwen-max', LLM_BASE_URL: 'http://127.0.0.1:9/v1' });
const guarded = await buildTestApp({ ACCESS_PASSWORD: PASSWORD });
const db = (await testDatabase()).handle.db;

function getToken(app: typeof guarded, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/visitor/getToken',
    headers,
    payload: { deviceNumber: newDeviceNumber() },
  });
}

describe('POST /session', () => {
  it('says no password is needed on an open site, and names the first configured model', async () => {
    const response = await openSite.inject({ method: 'POST', url: '/session' });
    expect(response.json()).toEqual({ code: 0, msg: 'success', data: { auth: false, model: 'deepseek-chat' } });
  });

  it('says a password is needed when ACCESS_PASSWORD is set, and names the offline model without LLM_MODELS', async () => {
    const response = await guarded.inject({ method: 'POST', url: '/session' });
    expect(response.json()).toEqual({ code: 0, msg: 'success', data: { auth: true, model: 'offline' } });
  });
});

describe('open site', () => {
  it('lets /api calls through without an access token', async () => {
    expect((await getToken(openSite)).json().code).toBe(0);
  });
});

describe('site access password', () => {
  it('refuses /api calls without an access token with ACCESS_REQUIRED, storing nothing', async () => {
    const before = await db.$count(authTokens);
    const response = await getToken(guarded);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 403, msg: 'Unauthorized, please verify first.', data: null });
    expect(await db.$count(authTokens)).toBe(before);
  });

  it('refuses unknown /api routes, visitor routes, /config and disguised paths the same way', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['GET', '/api/visitor/identity'],
      ['POST', '/config'],
      ['POST', '/%61pi/visitor/getToken'],
    ] as const) {
      const response = await guarded.inject({ method, url });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().code, url).toBe(403);
    }
  });

  it('refuses a wrong password with ACCESS_PASSWORD_WRONG', async () => {
    const response = await guarded.inject({ method: 'POST', url: '/verify', payload: { token: 'open sesame!' } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 10003, msg: 'The access password is wrong.', data: null });
  });

  it('refuses an empty password as VALIDATION', async () => {
    const response = await guarded.inject({ method: 'POST', url: '/verify', payload: { token: '   ' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe('token: Please enter the access password');
  });

  it('exchanges the right password (trimmed) for an access token that is not the password', async () => {
    const response = await guarded.inject({ method: 'POST', url: '/verify', payload: { token: ` ${PASSWORD} ` } });
    expect(response.json()).toEqual({ code: 0, msg: 'success', data: { accessToken: expectedAccessToken } });
    expect(response.body).not.toContain(PASSWORD);
  });

  it('lets calls with the access token through', async () => {
    const response = await getToken(guarded, { 'x-parley-access': expectedAccessToken });
    expect(response.statusCode).toBe(200);
    expect(response.json().code).toBe(0);
  });

  it('refuses a forged access token', async () => {
    const response = await getToken(guarded, { 'x-parley-access': `${expectedAccessToken.slice(0, -1)}A` });
    expect(response.json().code).toBe(403);
  });

  it('keeps health, metrics, docs and the session routes open', async () => {
    for (const [method, url] of [
      ['GET', '/healthz'],
      ['GET', '/readyz'],
      ['GET', '/metrics'],
      ['GET', '/docs/json'],
      ['POST', '/session'],
    ] as const) {
      const response = await guarded.inject({ method, url });
      expect(response.statusCode, url).toBe(200);
    }
  });
});
