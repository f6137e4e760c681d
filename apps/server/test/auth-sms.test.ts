import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { smsLimits } from '@parley/contracts';
import { smsCodes, users } from '../src/db/schema/index.js';
import { allowResend, newIp, newPhone, post, requestCode, signedSmsRequest, signUp } from './account-helpers.js';
import { startFakeSmsGateway } from './fake-sms-gateway/index.js';
import { buildTestApp, testDatabase } from './helper.js';

const gateway = await startFakeSmsGateway({ token: 'gateway-secret' });
afterAll(() => gateway.close());
const app = await buildTestApp({ SMS_SENDER: 'http', SMS_GATEWAY_URL: gateway.url, SMS_GATEWAY_TOKEN: 'gateway-secret' });
const kit = { app, gateway };
const db = (await testDatabase()).handle.db;

const send = (body: object, ip = newIp()) => post(app, '/api/sms/send', body, { ip });

describe('sending a code', () => {
  it('delivers a 6-digit code through the gateway and says when another may be asked for', async () => {
    const phone = newPhone();
    const response = await send(signedSmsRequest(phone, 'login'));
    expect(response.json()).toEqual({
      code: 0,
      msg: 'success',
      data: { resendAfterSeconds: smsLimits.resendIntervalSeconds, expiresInSeconds: smsLimits.codeTtlSeconds },
    });
    const message = gateway.messages.findLast((m) => m.phone === phone);
    expect(message).toMatchObject({ to: `+86${phone}`, areaCode: '86', purpose: 'login', authorization: 'Bearer gateway-secret' });
    expect(message?.code).toMatch(/^\d{6}$/);
    expect(message?.message).toContain(message?.code);
  });

  it('stores only a hash of the code', async () => {
    const phone = newPhone();
    const code = await requestCode(kit, phone, 'login');
    const [row] = await db.select().from(smsCodes).where(eq(smsCodes.phone, phone));
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(`"${code}"`);
  });

  it('works under /api/visitor too, where a visitor client sends it', async () => {
    expect((await post(app, '/api/visitor/sms/send', signedSmsRequest(newPhone(), 'login'))).json().code).toBe(0);
  });

  it.each([
    ['a wrong signature', { sign: 'A'.repeat(32) }],
    ['a signature made with another secret', { secret: 'not-the-secret' }],
    ['a changed phone after signing', { phone: '13900000000' }],
    ['a correctly signed time six minutes old', { signedTime: Date.now() - 6 * 60_000 }],
    ['a correctly signed time six minutes ahead', { signedTime: Date.now() + 6 * 60_000 }],
  ])('refuses %s with 10103 and sends nothing', async (_label, overrides) => {
    const phone = newPhone();
    const response = await send(signedSmsRequest(phone, 'login', overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(10103);
    expect(gateway.messages.some((m) => m.phone === phone)).toBe(false);
  });

  it('refuses a replayed nonce even with a valid signature', async () => {
    const first = signedSmsRequest(newPhone(), 'login');
    expect((await send(first)).json().code).toBe(0);
    const replay = await send(first);
    expect(replay.json().code).toBe(10103);
  });

  it('refuses badly formed fields with field-level messages', async () => {
    const response = await send({ ...signedSmsRequest('123', 'login'), nonceStr: 'short' });
    expect(response.statusCode).toBe(400);
    const paths = response.json().data.map((problem: { path: string }) => problem.path);
    expect(paths).toEqual(expect.arrayContaining(['phone', 'nonceStr']));
  });

  it('asks to wait before a second code for the same phone and purpose', async () => {
    const phone = newPhone();
    expect((await send(signedSmsRequest(phone, 'login'))).json().code).toBe(0);
    const again = await send(signedSmsRequest(phone, 'login'));
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 10104, data: { retryAfterSeconds: expect.any(Number) } });
    expect(again.json().data.retryAfterSeconds).toBeGreaterThan(55);
  });

  it('limits codes per phone per hour', async () => {
    const phone = newPhone();
    // earlier codes, as if sent over the last hour
    const past = new Date(Date.now() - 30 * 60_000);
    for (let i = 0; i < smsLimits.perPhonePerHour; i += 1) {
      await db.insert(smsCodes).values({ areaCode: '86', phone, purpose: 'login', codeHash: 'x', ip: newIp(), expiresAt: past, createdAt: past });
    }
    const response = await send(signedSmsRequest(phone, 'reset_password'));
    expect(response.statusCode).toBe(429);
    expect(response.json().code).toBe(10004);
  });

  it('limits codes per phone per day', async () => {
    const phone = newPhone();
    const past = new Date(Date.now() - 5 * 3600_000);
    for (let i = 0; i < smsLimits.perPhonePerDay; i += 1) {
      await db.insert(smsCodes).values({ areaCode: '86', phone, purpose: 'login', codeHash: 'x', ip: newIp(), expiresAt: past, createdAt: past });
    }
    expect((await send(signedSmsRequest(phone, 'login'))).json()).toMatchObject({ code: 10004, data: { retryAfterSeconds: 86400 } });
  });

  it('limits codes per IP per hour, whatever the phones', async () => {
    const ip = newIp();
    for (let i = 0; i < smsLimits.perIpPerHour; i += 1) {
      expect((await send(signedSmsRequest(newPhone(), 'login'), ip)).json().code).toBe(0);
    }
    const blocked = await send(signedSmsRequest(newPhone(), 'login'), ip);
    expect(blocked.json().code).toBe(10004);
    expect((await send(signedSmsRequest(newPhone(), 'login'))).json().code).toBe(0);
  });

  it('answers a reset request the same for a phone with and without an account, delivering only to the account', async () => {
    const { phone: registered } = await signUp(kit);
    const unknown = newPhone();
    const withAccount = await send(signedSmsRequest(registered, 'reset_password'));
    const withoutAccount = await send(signedSmsRequest(unknown, 'reset_password'));
    expect(withoutAccount.statusCode).toBe(withAccount.statusCode);
    expect(withoutAccount.json()).toEqual(withAccount.json());
    await vi.waitFor(() => expect(gateway.messages.some((m) => m.phone === registered && m.purpose === 'reset_password')).toBe(true));
    expect(gateway.messages.some((m) => m.phone === unknown)).toBe(false);
    // a code row exists for both, so limits and resend timing are the same too
    expect(await db.select({ id: smsCodes.id }).from(smsCodes).where(eq(smsCodes.phone, unknown))).toHaveLength(1);
  });

  it('needs the account token for account purposes, and only to its own phone', async () => {
    const { phone, token } = await signUp(kit);
    expect((await send(signedSmsRequest(phone, 'delete_account'))).statusCode).toBe(401);
    const other = await post(app, '/api/sms/send', signedSmsRequest(newPhone(), 'update_password'), {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(other.json()).toMatchObject({ code: 400, data: [{ path: 'phone' }] });
    const own = await post(app, '/api/sms/send', signedSmsRequest(phone, 'update_password'), {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(own.json().code).toBe(0);
  });

  it('keeps no code and answers 503 when the gateway refuses the message', async () => {
    const phone = newPhone();
    gateway.failNext(500);
    const response = await send(signedSmsRequest(phone, 'login'));
    expect(response.statusCode).toBe(503);
    expect(await db.select().from(smsCodes).where(eq(smsCodes.phone, phone))).toEqual([]);
    // nothing was kept, so asking again at once is allowed
    expect((await send(signedSmsRequest(phone, 'login'))).json().code).toBe(0);
  });
});

describe('signing in with a code', () => {
  const login = (mobile: string, smsCode: string) => post(app, '/api/login/sms', { mobile, smsCode });

  it('creates the account on first sign-in and signs the same account in later', async () => {
    const phone = newPhone();
    const first = await login(phone, await requestCode(kit, phone, 'login'));
    expect(first.json()).toMatchObject({
      code: 0,
      data: {
        created: true,
        mergedVisitor: false,
        user: { mobile: phone, mobileMasked: `${phone.slice(0, 3)}****${phone.slice(-4)}`, areaCode: '86', hasPassword: false },
      },
    });
    expect(first.json().data.user.username).toMatch(/^user_[0-9a-f]{8}$/);
    await allowResend(phone);
    const second = await login(phone, await requestCode(kit, phone, 'login'));
    expect(second.json().data).toMatchObject({ created: false, user: { id: first.json().data.user.id } });
    expect(second.json().data.token).not.toBe(first.json().data.token);

    const identity = await app.inject({ url: '/api/identity', headers: { authorization: `Bearer ${second.json().data.token}` } });
    expect(identity.json().data).toMatchObject({ kind: 'user', userId: first.json().data.user.id });
  });

  it('refuses a wrong code, counting the tries left, and burns the code after 5 wrong tries', async () => {
    const phone = newPhone();
    const code = await requestCode(kit, phone, 'login');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let left = smsLimits.maxAttempts - 1; left > 0; left -= 1) {
      expect((await login(phone, wrong)).json()).toMatchObject({ code: 10101, data: { attemptsLeft: left } });
    }
    expect((await login(phone, wrong)).json().code).toBe(10102);
    expect((await login(phone, code)).json().code).toBe(10102);
  });

  it('refuses a code used once already', async () => {
    const phone = newPhone();
    const code = await requestCode(kit, phone, 'login');
    expect((await login(phone, code)).json().code).toBe(0);
    expect((await login(phone, code)).json().code).toBe(10102);
  });

  it('refuses an expired code', async () => {
    const phone = newPhone();
    const code = await requestCode(kit, phone, 'login');
    await db.update(smsCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(smsCodes.phone, phone));
    expect((await login(phone, code)).json().code).toBe(10102);
  });

  it('binds a code to its phone and its purpose', async () => {
    const phone = newPhone();
    const code = await requestCode(kit, phone, 'login');
    expect((await login(newPhone(), code)).json().code).toBe(10102);
    const verify = await post(app, '/api/verifyCode', { mobile: phone, smsCode: code, type: 'reset_password' });
    expect(verify.json().code).toBe(10102);
    expect((await login(phone, code)).json().code).toBe(0);
  });

  it('keeps only the newest code of a phone and purpose', async () => {
    const phone = newPhone();
    const older = await requestCode(kit, phone, 'login');
    await allowResend(phone);
    const newer = await requestCode(kit, phone, 'login');
    if (older !== newer) expect((await login(phone, older)).json().code).toBe(10101);
    expect((await login(phone, newer)).json().code).toBe(0);
  });

  it('refuses a disabled account with -104, issuing no token', async () => {
    const { phone, userId } = await signUp(kit);
    await db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, userId));
    await allowResend(phone);
    const response = await login(phone, await requestCode(kit, phone, 'login'));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: -104, data: null });
  });
});
