import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { anotherSession, authHeaders, post, requestCode, signUp } from './account-helpers.js';
import { openStream, savedChats } from './chat-stream-helpers.js';
import { startFakeOpenAI } from './fake-openai/index.js';
import { startFakeSmsGateway } from './fake-sms-gateway/index.js';
import { buildTestApp } from './helper.js';

const gateway = await startFakeSmsGateway();
const fake = await startFakeOpenAI({ models: ['fake-model'] });
afterAll(async () => {
  await gateway.close();
  await fake.close();
});
const app = await buildTestApp({ SMS_SENDER: 'http', SMS_GATEWAY_URL: gateway.url, LLM_BASE_URL: fake.url, LLM_MODELS: 'fake-model' });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const kit = { app, gateway };

beforeEach(() => {
  fake.reset();
  // 300 tokens 20 ms apart: six seconds, far longer than any test waits
  fake.setScenario({ kind: 'ok', count: 300, intervalMs: 20 });
});

const identityOf = (token: string) => app.inject({ url: '/api/identity', headers: authHeaders(token) });
const deltas = (count: number) => (stream: { names: string[] }) => stream.names.filter((name) => name === 'delta').length >= count;

describe('sessions', () => {
  it('logout ends the token at once; the next call gets 60000', async () => {
    const { token } = await signUp(kit);
    expect((await post(app, '/api/logout', {}, { headers: authHeaders(token) })).json()).toEqual({ code: 0, msg: 'success', data: null });
    expect((await identityOf(token)).json().code).toBe(60000);
    expect((await post(app, '/api/logout', {}, { headers: authHeaders(token) })).json().code).toBe(60000);
  });

  it('logout ends only that session; the same account on another device stays signed in', async () => {
    const first = await signUp(kit);
    const otherDevice = await anotherSession(kit, first.phone);
    await post(app, '/api/logout', {}, { headers: authHeaders(first.token) });
    expect((await identityOf(first.token)).json().code).toBe(60000);
    expect((await identityOf(otherDevice)).json().data).toMatchObject({ kind: 'user', userId: first.userId });
  });

  it('renewal hands out a fresh token with a later expiry and ends the old one', async () => {
    const { token, data } = await signUp(kit);
    const renewed = await post(app, '/api/token/renew', {}, { headers: authHeaders(token) });
    expect(renewed.json()).toMatchObject({ code: 0, data: { token: expect.stringMatching(/^[\w-]{43}$/) } });
    expect(Date.parse(renewed.json().data.expiresAt)).toBeGreaterThanOrEqual(Date.parse(data.expiresAt));
    expect((await identityOf(token)).json().code).toBe(60000);
    expect((await identityOf(renewed.json().data.token)).json().code).toBe(0);
  });

  it('tokens are valid for 30 days', async () => {
    const { data } = await signUp(kit);
    const days = (Date.parse(data.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('logging out stops an answer streaming under that session, saved as stopped', async () => {
    const { caller, token } = await signUp(kit);
    const stream = await openStream(address, caller, '/core/chat/completions', { content: 'Count to 300' });
    await stream.readUntil(deltas(3));

    await post(app, '/api/logout', {}, { headers: authHeaders(token) });

    const final = await stream.readAll();
    expect(final.done?.status).toBe('stopped');
    expect(final.text.length).toBeLessThan(300 * 4);
    await vi.waitFor(() => expect(fake.requests[0]?.closedEarly).toBe(true));
    const answer = (await savedChats(caller.owner)).items.at(-1);
    expect(answer).toMatchObject({ role: 'assistant', status: 'stopped', content: final.text });
  });

  it('changing the password stops the account’s answer streams', async () => {
    const account = await signUp(kit);
    const stream = await openStream(address, account.caller, '/core/chat/completions', { content: 'Count to 300' });
    await stream.readUntil(deltas(2));

    const smsCode = await requestCode(kit, account.phone, 'update_password', { headers: authHeaders(account.token) });
    const changed = await post(
      app,
      '/api/updatePassword',
      { mobile: account.phone, password: 'correct7horse', confirmPassword: 'correct7horse', smsCode },
      { headers: authHeaders(account.token) },
    );
    expect(changed.json().code).toBe(0);
    expect((await stream.readAll()).done?.status).toBe('stopped');
  });

  it('deleting the account stops its answer streams', async () => {
    const account = await signUp(kit);
    const stream = await openStream(address, account.caller, '/core/chat/completions', { content: 'Count to 300' });
    await stream.readUntil(deltas(2));
    const smsCode = await requestCode(kit, account.phone, 'delete_account', { headers: authHeaders(account.token) });
    const deleted = await post(app, '/api/user/delete', { smsCode, confirmText: account.data.user.username }, { headers: authHeaders(account.token) });
    expect(deleted.json().code).toBe(0);
    expect((await stream.readAll()).done?.status).toBe('stopped');
  });

  it('a stream of the account on another device keeps going when one session logs out', async () => {
    const account = await signUp(kit);
    const otherDevice = await anotherSession(kit, account.phone);
    const caller = { ...account.caller, headers: authHeaders(otherDevice) };
    const stream = await openStream(address, caller, '/core/chat/completions', { content: 'Count to 300' });
    await stream.readUntil(deltas(2));
    await post(app, '/api/logout', {}, { headers: authHeaders(account.token) });
    const later = await stream.readUntil(deltas(6));
    expect(later.names).not.toContain('done');
    await post(app, '/api/logout', {}, { headers: authHeaders(otherDevice) });
    expect((await stream.readAll()).done?.status).toBe('stopped');
  });

  it('user-only calls refuse visitors and callers without a token', async () => {
    for (const url of ['/api/logout', '/api/token/renew', '/api/user/profile/update', '/api/notifications/read-all']) {
      expect((await post(app, url, {})).statusCode).toBe(401);
    }
    expect((await post(app, '/api/visitor/logout', {})).statusCode).toBe(404);
    expect((await post(app, '/api/visitor/user/delete', {})).statusCode).toBe(404);
  });
});
