import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { File as NodeFile } from 'node:buffer';
import { headers } from '@parley/contracts';
import i18next from 'i18next';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import chineseErrors from '../../locales/zh-CN/errors.json';
import { fakeHttpSession } from '../../test/fake-http-session';
import { setupTestI18n } from '../../test/render';
import { bindNotifier } from '../notify';
import { http, setHttpBaseUrl, setHttpSession } from './http';
import { HttpError } from './http-error';
import { inFlightStore } from './in-flight';

interface Seen {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}
type Reply = { status?: number; body: unknown; type?: string };

let server: Server;
let seen: Seen[] = [];
let reply: (request: Seen) => Reply = () => ({ body: { code: 0, msg: 'success', data: null } });
const toast = { error: vi.fn(), success: vi.fn(), warning: vi.fn(), notice: vi.fn() };
// The session on its own; app/http-session.test.ts checks the session stores behind it in the app.
const session = fakeHttpSession();

beforeAll(async () => {
  await setupTestI18n();
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const request = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
      seen.push(request);
      const { status = 200, body: answer, type = 'application/json' } = reply(request);
      res.writeHead(status, { 'content-type': type });
      res.end(typeof answer === 'string' ? answer : JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setHttpBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  bindNotifier(toast);
  setHttpSession(session);
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  seen = [];
  toast.error.mockClear();
  session.reset();
});

const ok = (data: unknown): Reply => ({ body: { code: 0, msg: 'success', data } });

describe('the envelope', () => {
  it('resolves with data when the code is 0', async () => {
    reply = () => ok({ kind: 'visitor', visitorId: 'v1' });
    await expect(http.get('/api/identity')).resolves.toEqual({ kind: 'visitor', visitorId: 'v1' });
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("rejects with code, status and msg, and toasts the code's text, when the code is not 0", async () => {
    reply = () => ({ status: 404, body: { code: 10001, msg: 'Not found.', data: null } });
    const error = await http.get('/api/things/1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ code: 10001, status: 404, msg: 'Not found.' });
    expect(toast.error).toHaveBeenCalledWith('This was not found. It may have been deleted.');
  });

  it('reads errorCode and message before code and msg', async () => {
    reply = () => ({ body: { code: 0, errorCode: 10002, message: 'Taken', msg: 'ignored', data: null } });
    await expect(http.post('/api/things')).rejects.toMatchObject({ code: 10002, msg: 'Taken' });
  });

  it('treats a success code under a non-2xx status as an error', async () => {
    reply = () => ({ status: 502, body: '<html>Bad gateway</html>' });
    await expect(http.get('/healthz')).rejects.toMatchObject({ code: 502, status: 502 });
    expect(toast.error).toHaveBeenCalledWith(expect.any(String));
  });

  it('stays quiet when the caller asks for silence', async () => {
    reply = () => ({ status: 400, body: { code: 400, msg: 'Bad', data: null } });
    await expect(http.post('/verify', { token: 'x' }, { silent: true })).rejects.toMatchObject({ msg: 'Bad' });
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('lets the caller cancel a call without a toast', async () => {
    reply = () => ok(null);
    const controller = new AbortController();
    controller.abort();
    await expect(http.get('/api/slow', undefined, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('counts calls in flight for the loading bar', async () => {
    let during = 0;
    reply = () => {
      during = inFlightStore.getState().count;
      return ok(null);
    };
    await http.get('/api/identity');
    expect(during).toBe(1);
    expect(inFlightStore.getState().count).toBe(0);
  });
});

describe('the error toast', () => {
  it("says a refusal in the reader's language, not in the server's English", async () => {
    i18next.addResourceBundle('zh-CN', 'errors', chineseErrors);
    await i18next.changeLanguage('zh-CN');
    try {
      reply = () => ({ status: 403, body: { code: 10003, msg: 'The access password is wrong.', data: null } });
      await expect(http.post('/api/access/verify', { password: 'guess' })).rejects.toMatchObject({ code: 10003 });
      expect(toast.error).toHaveBeenCalledWith('访问密码错误。');
      expect(toast.error.mock.calls.flat().join(' ')).not.toMatch(/[A-Za-z]/);
    } finally {
      await i18next.changeLanguage('en-US');
    }
  });

  it('falls back to the server msg for a code the client does not know', async () => {
    reply = () => ({ status: 418, body: { code: 41800, msg: 'I am a teapot.', data: null } });
    await expect(http.get('/api/teapot')).rejects.toMatchObject({ code: 41800 });
    expect(toast.error).toHaveBeenCalledWith('I am a teapot.');
  });
});

describe('headers and visitor paths', () => {
  it('sends the user token as bearer and custom header, plus device and access headers', async () => {
    session.reset({ userToken: 'user-token', visitorToken: 'visitor-token', accessToken: 'access' });
    reply = () => ok(null);
    await http.post('/api/identity', { a: 1 });
    const [request] = seen;
    expect(request?.path).toBe('/api/identity');
    expect(request?.headers[headers.authorization]).toBe('Bearer user-token');
    expect(request?.headers[headers.userToken]).toBe('user-token');
    expect(request?.headers[headers.visitorToken]).toBe('visitor-token');
    expect(request?.headers[headers.deviceId]).toBe(session.tokens.deviceId);
    expect(request?.headers[headers.accessToken]).toBe('access');
    expect(request?.body).toBe('{"a":1}');
  });

  it('sends a FormData as multipart with its own boundary, not as JSON', async () => {
    session.reset({ userToken: 'user-token' });
    reply = () => ok(null);
    // The test's fetch is Node's: it takes Node's FormData and File (jsdom replaces the globals).
    const form = await new Response('purpose=app_avatar', { headers: { 'content-type': 'application/x-www-form-urlencoded' } }).formData();
    form.append('file', new NodeFile(['png bytes'], 'face.png', { type: 'image/png' }) as unknown as Blob);
    await http.post('/api/images/upload', form);
    const [request] = seen;
    expect(request?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request?.body).toContain('name="purpose"');
    expect(request?.body).toContain('filename="face.png"');
  });

  it('rewrites api/ to api/visitor/ while only a visitor token is held', async () => {
    session.reset({ visitorToken: 'visitor-token' });
    reply = () => ok(null);
    await http.get('/api/identity', { page: 1, skip: undefined });
    await http.get('/api/visitor/identity');
    await http.post('/session');
    expect(seen.map((request) => request.path)).toEqual([
      '/api/visitor/identity?page=1',
      '/api/visitor/identity',
      '/session',
    ]);
    expect(seen[0]?.headers[headers.authorization]).toBeUndefined();
  });

  it('does not rewrite without a visitor token', async () => {
    reply = () => ok(null);
    await http.get('/api/identity');
    expect(seen[0]?.path).toBe('/api/identity');
  });
});

describe('codes with client behaviour', () => {
  it.each([
    [401, 'Please log in to continue.'],
    [60000, 'Your session has expired. Please log in again.'],
    [-104, 'This account is disabled or has been deleted.'],
  ])('code %i logs out', async (code, text) => {
    session.reset({ userToken: 'user-token', visitorToken: 'visitor-token' });
    reply = () => ({ status: code === -104 ? 403 : 401, body: { code, msg: 'Signed out', data: null } });

    await expect(http.get('/api/identity')).rejects.toMatchObject({ code });

    expect(session.logout).toHaveBeenCalledTimes(1);
    expect(toast.error).toHaveBeenCalledWith(text);
  });

  it('lets a refusal of a call made before a logout pass quietly: no second logout, no toast', async () => {
    session.reset({ userToken: 'user-token', visitorToken: '' });
    reply = () => {
      // the person signs out while the call is on its way
      session.tokens.userToken = '';
      return { status: 401, body: { code: 60000, msg: 'Signed out', data: null } };
    };
    await expect(http.get('/api/notifications/unread-count')).rejects.toMatchObject({ name: 'AbortError' });
    expect(session.logout).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('sends a call with a user token the session no longer holds when told to (logout)', async () => {
    session.reset({ userToken: '', visitorToken: 'visitor-token' });
    reply = () => ok(null);
    await http.post('/api/logout', {}, { userToken: 'old-user-token' });
    expect(seen[0]?.path).toBe('/api/logout');
    expect(seen[0]?.headers[headers.userToken]).toBe('old-user-token');
    expect(seen[0]?.headers[headers.visitorToken]).toBeUndefined();
  });

  it('code -2 fetches a fresh visitor token for this device and retries once', async () => {
    session.reset({ visitorToken: 'stale' });
    reply = (request) => {
      if (request.path === '/api/visitor/getToken') return ok({ visitorToken: 'fresh', expiresAt: '2030-01-01T00:00:00.000Z' });
      if (request.headers[headers.visitorToken] === 'fresh') return ok('answer');
      return { status: 401, body: { code: -2, msg: 'Visitor token invalid', data: null } };
    };

    await expect(http.get('/api/identity')).resolves.toBe('answer');

    expect(seen.map((request) => request.path)).toEqual([
      '/api/visitor/identity',
      '/api/visitor/getToken',
      '/api/visitor/identity',
    ]);
    expect(JSON.parse(seen[1]?.body ?? '{}')).toEqual({ deviceNumber: session.tokens.deviceId });
    expect(session.setVisitorToken.mock.calls).toEqual([[''], ['fresh']]);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('code -2 twice gives up after one retry', async () => {
    session.reset({ visitorToken: 'stale' });
    reply = (request) =>
      request.path === '/api/visitor/getToken'
        ? ok({ visitorToken: 'fresh', expiresAt: '2030-01-01T00:00:00.000Z' })
        : { status: 401, body: { code: -2, msg: 'Visitor token invalid', data: null } };

    await expect(http.get('/api/identity')).rejects.toMatchObject({ code: -2 });
    expect(seen.filter((request) => request.path === '/api/visitor/getToken')).toHaveLength(1);
  });

  it('an HTTP 401 clears the visitor token', async () => {
    session.reset({ visitorToken: 'visitor-token' });
    reply = () => ({ status: 401, body: { code: 12345, msg: 'Nope', data: null } });
    await expect(http.get('/api/identity')).rejects.toMatchObject({ status: 401 });
    expect(session.setVisitorToken.mock.calls).toEqual([['']]);
    expect(session.logout).not.toHaveBeenCalled();
  });

  it('code 403 denies access (the overlay), without a toast', async () => {
    session.reset({ accessToken: 'old-access' });
    reply = () => ({ status: 403, body: { code: 403, msg: 'Unauthorized, please verify first.', data: null } });

    await expect(http.get('/api/identity')).rejects.toMatchObject({ code: 403, status: 403 });

    expect(session.denyAccess).toHaveBeenCalledTimes(1);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('code 10009 (an account is needed) asks for a login', async () => {
    session.reset({ visitorToken: 'visitor-token' });
    reply = () => ({ status: 403, body: { code: 10009, msg: 'Please log in to do this.', data: null } });
    await expect(http.post('/api/core/app/create', {})).rejects.toMatchObject({ code: 10009 });
    expect(session.requireLogin).toHaveBeenCalledTimes(1);
    expect(session.setVisitorToken).not.toHaveBeenCalled();
    expect(session.denyAccess).not.toHaveBeenCalled();
  });

  it('says why even on a quiet call when the account was disabled (an open tab polling)', async () => {
    session.reset({ userToken: 'user-token', visitorToken: '' });
    reply = () => ({ status: 403, body: { code: -104, msg: 'Disabled', data: null } });
    await expect(http.get('/api/notifications/unread-count', undefined, { silent: true })).rejects.toMatchObject({ code: -104 });
    expect(session.logout).toHaveBeenCalledTimes(1);
    expect(toast.error).toHaveBeenCalledWith('This account is disabled or has been deleted.');
  });

  it('code -104 under HTTP 403 is a logout, not the access overlay', async () => {
    session.reset({ userToken: 'user-token', accessToken: 'access' });
    reply = () => ({ status: 403, body: { code: -104, msg: 'Disabled', data: null } });
    await expect(http.get('/api/identity')).rejects.toMatchObject({ code: -104 });
    expect(session.logout).toHaveBeenCalledTimes(1);
    expect(session.denyAccess).not.toHaveBeenCalled();
  });
});

describe('when the server cannot be reached', () => {
  it('rejects with a network error and a toast', async () => {
    setHttpBaseUrl('http://127.0.0.1:1');
    try {
      await expect(http.get('/api/identity')).rejects.toMatchObject({ code: -1, status: 0 });
      expect(toast.error).toHaveBeenCalledTimes(1);
    } finally {
      setHttpBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    }
  });
});

describe('downloads', () => {
  it('resolve with the file the server sends as it is, asked with the session', async () => {
    session.reset({ userToken: 'user-token' });
    reply = () => ({ body: 'day,questions\r\n2026-11-27,3\r\n', type: 'text/csv; charset=utf-8' });
    const response = await http.download('/api/core/app/analytics/csv', { appId: 'a' });
    expect(await response.text()).toBe('day,questions\r\n2026-11-27,3\r\n');
    expect(seen[0]?.path).toBe('/api/core/app/analytics/csv?appId=a');
    expect(seen[0]?.headers.authorization).toBe('Bearer user-token');
  });

  it('treat an envelope as a refusal, said as any call says it', async () => {
    reply = () => ({ status: 404, body: { code: 10001, msg: 'This agent does not exist.', data: null } });
    await expect(http.download('/api/core/app/analytics/csv', { appId: 'a' })).rejects.toMatchObject({ code: 10001, status: 404 });
    expect(toast.error).toHaveBeenCalledTimes(1);
  });
});
