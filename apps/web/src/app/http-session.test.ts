import { headers } from '@parley/contracts';
import type { IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { http, setHttpBaseUrl } from '../lib/http';
import { conversationStore } from '../stores/conversation-store';
import { sessionStore } from '../stores/session-store';
import { userStore } from '../stores/user-store';
import { startLocalServer } from '../test/local-server';
import { connectHttpToSession } from './http-session';

// lib/http/http.test.ts checks the client against a session on its own; this checks that the
// session it gets in the app is the session store. A fake server, as the real one cannot be made
// to answer each refusal code (60000, -104, -2, 403) on demand.

type Reply = { status: number; code: number; data?: unknown };

let server: Awaited<ReturnType<typeof startLocalServer>>;
let seen: { path: string; headers: IncomingHttpHeaders; body: string }[] = [];
let reply: (path: string, headers: IncomingHttpHeaders) => Reply = () => ({ status: 200, code: 0 });

beforeAll(async () => {
  server = await startLocalServer((req, res, body) => {
    seen.push({ path: req.url ?? '', headers: req.headers, body });
    const { status, code, data = null } = reply(req.url ?? '', req.headers);
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code, msg: code === 0 ? 'success' : 'Refused', data }));
  });
  setHttpBaseUrl(server.url);
  // The test setup connects it as well; this file is about what it connects.
  connectHttpToSession();
});

afterAll(() => server.close());

beforeEach(() => {
  seen = [];
  reply = () => ({ status: 200, code: 0 });
  sessionStore.setState({ token: '', visitorToken: '', accessToken: '', accessDenied: false, showLogin: false });
});

describe('the HTTP client on the session store', () => {
  it('sends the stored tokens and the stored device id', async () => {
    sessionStore.setState({ token: 'user-token', visitorToken: 'visitor-token', accessToken: 'access' });
    await http.get('/api/identity');
    expect(seen[0]?.headers).toMatchObject({
      [headers.userToken]: 'user-token',
      [headers.visitorToken]: 'visitor-token',
      [headers.accessToken]: 'access',
      [headers.deviceId]: sessionStore.getState().deviceId,
    });
    expect(sessionStore.getState().deviceId).toMatch(/^\d{24}$/);
  });

  it.each([401, 60000, -104])('logs out on code %i: token, user info, visitor token and conversation state go', async (code) => {
    sessionStore.setState({ token: 'user-token', visitorToken: 'visitor-token' });
    userStore.setState({ username: 'ada', token: 'user-token' });
    conversationStore.setState({ hitoAppId: 'app', hitoChatId: 'chat' });
    reply = () => ({ status: code === -104 ? 403 : 401, code });

    await expect(http.get('/api/identity')).rejects.toMatchObject({ code });

    expect(sessionStore.getState()).toMatchObject({ token: '', visitorToken: '' });
    expect(userStore.getState().username).toBe('');
    expect(conversationStore.getState().hitoAppId).toBe('');
    expect(localStorage.getItem('SECRET_TOKEN')).toBeNull();
    expect(localStorage.getItem('VISITOR_SECRET_TOKEN')).toBeNull();
  });

  it('asks for a fresh visitor token on code -2 with the stored device id, and stores it', async () => {
    sessionStore.setState({ visitorToken: 'stale' });
    reply = (path, sent) => {
      if (path === '/api/visitor/getToken') return { status: 200, code: 0, data: { visitorToken: 'fresh', expiresAt: '2030-01-01T00:00:00.000Z' } };
      return sent[headers.visitorToken] === 'fresh' ? { status: 200, code: 0 } : { status: 401, code: -2 };
    };

    await http.get('/api/identity');

    expect(JSON.parse(seen[1]?.body ?? '{}')).toEqual({ deviceNumber: sessionStore.getState().deviceId });
    expect(sessionStore.getState().visitorToken).toBe('fresh');
    expect(localStorage.getItem('VISITOR_SECRET_TOKEN')).toBe('fresh');
  });

  it('forgets the stored visitor token on an HTTP 401', async () => {
    sessionStore.setState({ visitorToken: 'visitor-token' });
    reply = () => ({ status: 401, code: 12345 });
    await expect(http.get('/api/identity')).rejects.toMatchObject({ status: 401 });
    expect(sessionStore.getState().visitorToken).toBe('');
  });

  it('forgets the stored access token and raises the overlay on code 403', async () => {
    sessionStore.setState({ accessToken: 'old-access' });
    localStorage.setItem('ACCESS_TOKEN', 'old-access');
    reply = () => ({ status: 403, code: 403 });

    await expect(http.get('/api/identity')).rejects.toMatchObject({ code: 403 });

    expect(sessionStore.getState()).toMatchObject({ accessToken: '', accessDenied: true });
    expect(localStorage.getItem('ACCESS_TOKEN')).toBeNull();
  });

  it('opens the login dialog on code 10009, keeping the visitor token and raising no overlay', async () => {
    sessionStore.setState({ visitorToken: 'visitor-token' });
    reply = () => ({ status: 403, code: 10009 });
    await expect(http.post('/api/core/app/create', {})).rejects.toMatchObject({ code: 10009 });
    expect(sessionStore.getState()).toMatchObject({ showLogin: true, visitorToken: 'visitor-token', accessDenied: false });
  });

  it('logs out on code -104 under HTTP 403, keeping the access token and raising no overlay', async () => {
    sessionStore.setState({ token: 'user-token', accessToken: 'access' });
    reply = () => ({ status: 403, code: -104 });
    await expect(http.get('/api/identity')).rejects.toMatchObject({ code: -104 });
    expect(sessionStore.getState()).toMatchObject({ token: '', accessToken: 'access', accessDenied: false });
  });
});
