import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { runAdmin } from '../src/admin/run-admin.js';
import { loadConfig } from '../src/config.js';
import { authTokens, siteSettings } from '../src/db/schema/index.js';
import { verifyAttemptsOverall, verifyAttemptsPerAddress } from '../src/routes/access.js';
import { accessEpochKey, accessEpochTtlMs } from '../src/services/accounts/access-service.js';
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

  it('keeps health and the session routes open', async () => {
    for (const [method, url] of [
      ['GET', '/healthz'],
      ['GET', '/readyz'],
      ['POST', '/session'],
    ] as const) {
      const response = await guarded.inject({ method, url });
      expect(response.statusCode, url).toBe(200);
    }
  });

  it('keeps the API page and its document behind the password too', async () => {
    for (const url of ['/docs', '/docs/', '/docs/json', '/docs/yaml', '/%64ocs/json']) {
      const response = await guarded.inject({ url });
      expect(response.statusCode, url).toBe(403);
      expect(response.body, url).not.toContain('openapi');
    }
  });

  it('opens the API page to the browser that entered the password, through a cookie scoped to /docs', async () => {
    const verified = await guarded.inject({ method: 'POST', url: '/verify', payload: { token: PASSWORD } });
    const cookie = String(verified.headers['set-cookie']);
    expect(cookie).toBe(`parley_docs_access=${expectedAccessToken}; Path=/docs; HttpOnly; SameSite=Strict`);

    const page = await guarded.inject({ url: '/docs/json', headers: { cookie: `theme=dark; parley_docs_access=${expectedAccessToken}` } });
    expect(page.statusCode).toBe(200);
    expect(page.json().openapi).toMatch(/^3\./);
    // the cookie is for the docs only: the API still wants the header
    const api = await getToken(guarded, { cookie: `parley_docs_access=${expectedAccessToken}` });
    expect(api.statusCode).toBe(403);
  });
});

const limited = await buildTestApp({ ACCESS_PASSWORD: PASSWORD });
const limitedOverall = await buildTestApp({ ACCESS_PASSWORD: PASSWORD });

describe('guessing the access password', () => {
  const guess = (remoteAddress: string, token = 'wrong guess') =>
    limited.inject({ method: 'POST', url: '/verify', payload: { token }, remoteAddress });

  it('gets 429 with a wait after ten tries a minute from one address, even with the right password', async () => {
    for (let attempt = 1; attempt <= verifyAttemptsPerAddress; attempt += 1) {
      expect((await guess('203.0.113.7')).statusCode, `attempt ${attempt}`).toBe(403);
    }
    const refused = await guess('203.0.113.7', PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe(10004);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // another address is not held back by this one
    expect((await guess('203.0.113.8', PASSWORD)).statusCode).toBe(200);
  });

  it('waits longer with every guess made while held back', async () => {
    for (let attempt = 1; attempt <= verifyAttemptsPerAddress; attempt += 1) await guess('203.0.113.9');
    const first = Number((await guess('203.0.113.9')).headers['retry-after']);
    const second = Number((await guess('203.0.113.9')).headers['retry-after']);
    expect(second).toBeGreaterThan(first);
  });

  it('limits guesses from all addresses together, so many addresses cannot guess fast either', async () => {
    const answers: number[] = [];
    for (let attempt = 0; attempt < verifyAttemptsOverall + 1; attempt += 1) {
      const address = `198.51.100.${attempt % 250}`;
      answers.push((await limitedOverall.inject({ method: 'POST', url: '/verify', payload: { token: `guess ${attempt}` }, remoteAddress: address })).statusCode);
    }
    expect(answers.slice(0, verifyAttemptsOverall).every((status) => status === 403)).toBe(true);
    expect(answers.at(-1)).toBe(429);
  });
});

describe('revoking access tokens (npm run admin -- access rotate)', () => {
  it('refuses tokens issued before the rotation once running servers see it, and issues new ones', async () => {
    const before = (await guarded.inject({ method: 'POST', url: '/verify', payload: { token: PASSWORD } })).json().data.accessToken;
    expect((await getToken(guarded, { 'x-parley-access': before })).statusCode).toBe(200);

    const lines: string[] = [];
    const code = await runAdmin(['access', 'rotate'], { db, config: loadConfig({ ACCESS_PASSWORD: PASSWORD }), out: (line) => lines.push(line), readFile: async () => '', writeFile: async () => {} });
    expect(code).toBe(0);
    expect(lines.join('\n')).toMatch(/Every access token issued before now is revoked\. Running servers refuse them within 10 seconds/);

    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + accessEpochTtlMs + 1000);
      const refused = await getToken(guarded, { 'x-parley-access': before });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe(403);

      const after = (await guarded.inject({ method: 'POST', url: '/verify', payload: { token: PASSWORD } })).json().data.accessToken;
      expect(after).not.toBe(before);
      expect((await getToken(guarded, { 'x-parley-access': after })).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
      await db.delete(siteSettings).where(eq(siteSettings.key, accessEpochKey));
    }
  });
});
