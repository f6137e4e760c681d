import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { passwordRuleMessage } from '@parley/contracts';
import { users } from '../src/db/schema/index.js';
import { anotherSession, authHeaders, newIp, newPhone, post, requestCode, signUp } from './account-helpers.js';
import { startFakeSmsGateway } from './fake-sms-gateway/index.js';
import { buildTestApp, testDatabase } from './helper.js';

const gateway = await startFakeSmsGateway();
afterAll(() => gateway.close());
const app = await buildTestApp({ SMS_SENDER: 'http', SMS_GATEWAY_URL: gateway.url });
const kit = { app, gateway };
const db = (await testDatabase()).handle.db;

const identityOf = (token: string) => app.inject({ url: '/api/identity', headers: authHeaders(token) });
const loginByPassword = (mobile: string, password: string, ip = newIp()) =>
  post(app, '/api/login/password', { mobile, password }, { ip });

/** Signs up and sets a password through updatePassword; answers the fresh token. */
async function withPassword(password: string) {
  const account = await signUp(kit);
  return { ...account, token: await withPasswordFor(account, password) };
}

describe('passwords', () => {
  it('are set with an SMS code, stored with scrypt, and sign the account in', async () => {
    const account = await withPassword('correct7horse');
    const [row] = await db.select().from(users).where(eq(users.id, account.userId));
    expect(row?.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    const signIn = await loginByPassword(account.phone, 'correct7horse');
    expect(signIn.json()).toMatchObject({ code: 0, data: { created: false, user: { id: account.userId, hasPassword: true } } });
  });

  it('answers a wrong password and an unknown phone alike, without logging the client out', async () => {
    const account = await withPassword('correct7horse');
    const wrong = await loginByPassword(account.phone, 'wrong7horse');
    const unknown = await loginByPassword(newPhone(), 'correct7horse');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 10105, msg: 'The phone number or password is wrong.', data: null });
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses to sign in by password an account that never set one', async () => {
    const account = await signUp(kit);
    expect((await loginByPassword(account.phone, 'correct7horse')).json().code).toBe(10105);
  });

  it('limits password tries per phone', async () => {
    const account = await withPassword('correct7horse');
    for (let i = 0; i < 10; i += 1) expect((await loginByPassword(account.phone, 'wrong7horse')).json().code).toBe(10105);
    const blocked = await loginByPassword(account.phone, 'correct7horse');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 10004, data: { retryAfterSeconds: expect.any(Number) } });
  });

  it('forgets earlier wrong tries on a phone once its owner signs in', async () => {
    const account = await withPassword('correct7horse');
    for (let i = 0; i < 9; i += 1) await loginByPassword(account.phone, 'wrong7horse');
    expect((await loginByPassword(account.phone, 'correct7horse')).json().code).toBe(0);
    for (let i = 0; i < 9; i += 1) expect((await loginByPassword(account.phone, 'wrong7horse')).json().code).toBe(10105);
  });

  it.each([
    ['too short', 'abc123', 'password'],
    ['without a digit', 'abcdefghij', 'password'],
    ['without a letter', '12345678901', 'password'],
  ])('refuses a new password %s with the rule as message', async (_label, password, path) => {
    const account = await signUp(kit);
    const smsCode = await requestCode(kit, account.phone, 'update_password', { headers: authHeaders(account.token) });
    const response = await post(
      app,
      '/api/updatePassword',
      { mobile: account.phone, password, confirmPassword: password, smsCode },
      { headers: authHeaders(account.token) },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().data).toContainEqual({ path, message: passwordRuleMessage });
    // the code was not spent on a refused request
    const retry = await post(
      app,
      '/api/updatePassword',
      { mobile: account.phone, password: 'correct7horse', confirmPassword: 'correct7horse', smsCode },
      { headers: authHeaders(account.token) },
    );
    expect(retry.json().code).toBe(0);
  });

  it('refuses a confirmation that differs, on confirmPassword', async () => {
    const account = await signUp(kit);
    const response = await post(
      app,
      '/api/updatePassword',
      { mobile: account.phone, password: 'correct7horse', confirmPassword: 'correct7horsE', smsCode: '123456' },
      { headers: authHeaders(account.token) },
    );
    expect(response.json().data).toContainEqual({ path: 'confirmPassword', message: 'The two passwords do not match' });
  });

  it('changing the password ends every session, and the answer carries a fresh token', async () => {
    const account = await signUp(kit);
    const otherDevice = await anotherSession(kit, account.phone);
    const changed = await withPasswordFor(account, 'correct7horse');
    expect((await identityOf(account.token)).json().code).toBe(60000);
    expect((await identityOf(otherDevice)).json().code).toBe(60000);
    expect((await identityOf(changed)).json().code).toBe(0);
  });

  it('needs the account’s own phone number', async () => {
    const account = await signUp(kit);
    const response = await post(
      app,
      '/api/updatePassword',
      { mobile: newPhone(), password: 'correct7horse', confirmPassword: 'correct7horse', smsCode: '123456' },
      { headers: authHeaders(account.token) },
    );
    expect(response.json()).toMatchObject({ code: 400, data: [{ path: 'mobile' }] });
  });
});

describe('forgotten password', () => {
  it('verifyCode trades the code for a one-time token that resetPassword uses once, ending every session', async () => {
    const account = await withPassword('correct7horse');
    const smsCode = await requestCode(kit, account.phone, 'reset_password');
    const verified = await post(app, '/api/visitor/verifyCode', { mobile: account.phone, smsCode, type: 'reset_password' });
    expect(verified.json()).toMatchObject({ code: 0, data: { token: expect.stringMatching(/^[\w-]{43}$/) } });
    const reset = { mobile: account.phone, password: 'battery9staple', confirmPassword: 'battery9staple', token: verified.json().data.token };

    expect((await post(app, '/api/visitor/resetPassword', reset)).json()).toEqual({ code: 0, msg: 'success', data: null });
    expect((await identityOf(account.token)).json().code).toBe(60000);
    expect((await loginByPassword(account.phone, 'correct7horse')).json().code).toBe(10105);
    expect((await loginByPassword(account.phone, 'battery9staple')).json().code).toBe(0);

    const reused = await post(app, '/api/resetPassword', { ...reset, password: 'another9one', confirmPassword: 'another9one' });
    expect(reused.json().code).toBe(10106);
  });

  it('refuses a token with another phone, keeping it for its own, and refuses an unknown token', async () => {
    const account = await withPassword('correct7horse');
    const smsCode = await requestCode(kit, account.phone, 'reset_password');
    const { token } = (await post(app, '/api/verifyCode', { mobile: account.phone, smsCode, type: 'reset_password' })).json().data;
    const body = { password: 'battery9staple', confirmPassword: 'battery9staple' };
    const mismatched = await post(app, '/api/resetPassword', { ...body, mobile: newPhone(), token });
    expect(mismatched.statusCode).toBe(400);
    expect(mismatched.json().data).toEqual([{ path: 'mobile', message: 'This is not the phone number the code was sent to' }]);
    expect((await post(app, '/api/resetPassword', { ...body, mobile: account.phone, token: 'x'.repeat(43) })).json().code).toBe(10106);
    expect((await post(app, '/api/resetPassword', { ...body, mobile: account.phone, token })).json().code).toBe(0);
  });

  it('lifts the sign-in lock wrong passwords set on the phone', async () => {
    const account = await withPassword('correct7horse');
    for (let i = 0; i < 10; i += 1) await loginByPassword(account.phone, 'wrong7horse');
    expect((await loginByPassword(account.phone, 'correct7horse')).statusCode).toBe(429);
    const smsCode = await requestCode(kit, account.phone, 'reset_password');
    const { token } = (await post(app, '/api/verifyCode', { mobile: account.phone, smsCode, type: 'reset_password' })).json().data;
    const reset = { mobile: account.phone, password: 'battery9staple', confirmPassword: 'battery9staple', token };
    expect((await post(app, '/api/resetPassword', reset)).json().code).toBe(0);
    expect((await loginByPassword(account.phone, 'battery9staple')).json().code).toBe(0);
  });
});

async function withPasswordFor(account: { phone: string; token: string }, password: string) {
  const smsCode = await requestCode(kit, account.phone, 'update_password', { headers: authHeaders(account.token) });
  const response = await post(
    app,
    '/api/updatePassword',
    { mobile: account.phone, password, confirmPassword: password, smsCode },
    { headers: authHeaders(account.token) },
  );
  return response.json().data.token as string;
}
