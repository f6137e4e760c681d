import { describe, expect, it } from 'vitest';
import { authTokens, visitors } from '../src/db/schema/index.js';
import { AppError } from '../src/platform/app-error.js';
import { buildTestApp, newDeviceNumber, testDatabase } from './helper.js';

const app = await buildTestApp({ BODY_LIMIT_BYTES: '1024' });
const behindProxy = await buildTestApp({ TRUST_PROXY: 'true' });
app.get('/test/explode', async () => {
  throw new Error('connect ECONNREFUSED postgres://admin:hunter2@db.internal:5432');
});
app.get('/test/conflict', async () => {
  throw new AppError('CONFLICT', 'That name is taken', { field: 'name' });
});
const db = (await testDatabase()).handle.db;

async function nothingStored() {
  expect(await db.$count(visitors)).toBe(0);
  expect(await db.$count(authTokens)).toBe(0);
}

function postGetToken(payload: string, contentType = 'application/json') {
  return app.inject({
    method: 'POST',
    url: '/api/visitor/getToken',
    headers: { 'content-type': contentType },
    payload,
  });
}

describe('error envelope', () => {
  it('answers an unknown /api route with ROUTE_NOT_FOUND', async () => {
    for (const url of ['/api/nope', '/api/visitor/nope', '/api']) {
      const response = await app.inject({ method: 'POST', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 404, msg: 'No such API route.', data: null });
    }
  });

  it('answers a known path asked with another method with 405 and the methods it takes', async () => {
    const get = await app.inject({ method: 'GET', url: '/api/core/chat/completions' });
    expect(get.statusCode).toBe(405);
    expect(get.headers.allow).toBe('POST');
    expect(get.json()).toEqual({ code: 405, msg: 'This method is not allowed here.', data: null });
    const deleted = await app.inject({ method: 'DELETE', url: '/api/visitor/getToken' });
    expect(deleted.statusCode).toBe(405);
    expect(deleted.headers.allow).toBe('POST');
    // a path with a parameter too: the avatar files are read with GET (and HEAD)
    const posted = await app.inject({ method: 'POST', url: '/files/avatars/0f8fad5b-d9cb-469f-a165-70867728950e.png' });
    expect(posted.statusCode).toBe(405);
    expect(posted.headers.allow).toContain('GET');
  });

  it('answers an unknown non-API path without an HTML app build with NOT_FOUND', async () => {
    const response = await app.inject({ url: '/no/such/thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 10001, msg: 'Not found.', data: null });
  });

  it('refuses malformed JSON as VALIDATION and stores nothing', async () => {
    const response = await postGetToken('{"deviceNumber": "1234');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 400, msg: 'The request body is not valid JSON', data: null });
    await nothingStored();
  });

  it('refuses an empty JSON body as VALIDATION', async () => {
    const response = await postGetToken('');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(400);
    await nothingStored();
  });

  it('refuses a body that is not an object, naming the body', async () => {
    const response = await postGetToken('[1, 2]');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 400, msg: expect.stringMatching(/^body: /) });
    expect(response.json().data).toEqual([{ path: 'body', message: expect.any(String) }]);
    await nothingStored();
  });

  it('refuses a body over BODY_LIMIT_BYTES with PAYLOAD_TOO_LARGE', async () => {
    const payload = JSON.stringify({ deviceNumber: newDeviceNumber(), padding: 'x'.repeat(2048) });
    const response = await postGetToken(payload);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 413, msg: 'The request body is too large.', data: null });
    await nothingStored();
  });

  it('refuses a content type the API does not speak with UNSUPPORTED_MEDIA_TYPE', async () => {
    for (const contentType of ['text/plain', 'application/xml']) {
      const response = await postGetToken(`deviceNumber=${newDeviceNumber()}`, contentType);
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ code: 415, msg: 'This content type is not supported.', data: null });
    }
    await nothingStored();
  });

  it('passes an AppError thrown by a service through with its code, message and data', async () => {
    const response = await app.inject({ url: '/test/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 10002, msg: 'That name is taken', data: { field: 'name' } });
  });

  it('answers an unexpected failure with the generic INTERNAL message and no internals', async () => {
    const response = await app.inject({ url: '/test/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 500, msg: 'Something went wrong, please try again later.', data: null });
    expect(response.body).not.toMatch(/hunter2|ECONNREFUSED|postgres|stack/i);
  });
});

describe('request ids', () => {
  it('echoes a sane x-request-id and makes one up otherwise', async () => {
    const given = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers['x-request-id']).toBe('abc-123');

    const junk = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'bad id\nwith newline' } });
    expect(junk.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const error = await app.inject({ url: '/api/nope', headers: { 'x-request-id': 'err-1' } });
    expect(error.headers['x-request-id']).toBe('err-1');
  });
});

describe('security headers', () => {
  it('sets a CSP without inline scripts, nosniff, a referrer policy and no framing', async () => {
    const response = await app.inject({ url: '/healthz' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('asks browsers to keep to HTTPS for a year when the request came over HTTPS through a trusted proxy', async () => {
    const response = await behindProxy.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('sends no HSTS over plain http, nor when an untrusted client claims https', async () => {
    expect((await behindProxy.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'http' } })).headers['strict-transport-security']).toBeUndefined();
    expect((await app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } })).headers['strict-transport-security']).toBeUndefined();
  });
});
