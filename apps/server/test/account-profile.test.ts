import { afterAll, describe, expect, it } from 'vitest';
import { usernameRuleMessage } from '@parley/contracts';
import { images } from '../src/db/schema/index.js';
import { allowResend, authHeaders, newPhone, post, requestCode, signUp } from './account-helpers.js';
import { startFakeSmsGateway } from './fake-sms-gateway/index.js';
import { buildTestApp, testDatabase } from './helper.js';

const gateway = await startFakeSmsGateway();
afterAll(() => gateway.close());
const app = await buildTestApp({ SMS_SENDER: 'http', SMS_GATEWAY_URL: gateway.url });
const kit = { app, gateway };
const db = (await testDatabase()).handle.db;

const profileOf = (token: string) => app.inject({ url: '/api/user/profile', headers: authHeaders(token) });
const update = (token: string, body: object) => post(app, '/api/user/profile/update', body, { headers: authHeaders(token) });

async function avatarOf(ownerId: string) {
  const bytes = Buffer.from('fake-png-bytes');
  const [row] = await db
    .insert(images)
    .values({ ownerId, purpose: 'user_avatar', mime: 'image/png', width: 256, height: 256, size: bytes.length, sha256: 'x', bytes })
    .returning();
  return `/files/images/${row!.id}`;
}

describe('profile', () => {
  it('shows the account with the phone masked for display', async () => {
    const { token, phone, userId } = await signUp(kit);
    expect((await profileOf(token)).json().data).toMatchObject({
      id: userId,
      mobile: phone,
      mobileMasked: `${phone.slice(0, 3)}****${phone.slice(-4)}`,
      headUrl: null,
    });
  });

  it('changes the username, refusing one taken in any letter case', async () => {
    const first = await signUp(kit);
    const second = await signUp(kit);
    const name = `Pirate_${first.userId.slice(0, 6)}`;
    expect((await update(first.token, { username: `  ${name} ` })).json().data.username).toBe(name);
    const taken = await update(second.token, { username: name.toLowerCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe(10108);
    expect((await profileOf(second.token)).json().data.username).toBe(second.data.user.username);
  });

  it.each([['a', 'one character'], ['13800138000', 'only digits'], ['has space', 'a space'], ['x'.repeat(21), '21 characters']])(
    'refuses the username %j (%s) with the rule',
    async (username) => {
      const { token } = await signUp(kit);
      const response = await update(token, { username });
      expect(response.json()).toMatchObject({ code: 400, data: [{ path: 'username', message: usernameRuleMessage }] });
    },
  );

  it('takes an avatar the user uploaded, clears it with null, and refuses someone else’s', async () => {
    const me = await signUp(kit);
    const other = await signUp(kit);
    const mine = await avatarOf(me.userId);
    expect((await update(me.token, { headUrl: mine })).json().data.headUrl).toBe(mine);
    expect((await update(me.token, { headUrl: null })).json().data.headUrl).toBeNull();
    const theirs = await avatarOf(other.userId);
    expect((await update(me.token, { headUrl: theirs })).json()).toMatchObject({ code: 400, data: [{ path: 'headUrl' }] });
    expect((await update(me.token, { headUrl: 'https://evil.example/a.png' })).json()).toMatchObject({ code: 400 });
  });

  it('takes one of the built-in avatars, and refuses a built-in name that does not exist', async () => {
    const { token } = await signUp(kit);
    const avatars = (await app.inject({ method: 'GET', url: '/api/core/app/avatars', headers: authHeaders(token) })).json().data.list as { url: string }[];
    expect(avatars.length).toBeGreaterThan(0);
    const chosen = avatars[1]!.url;
    expect((await update(token, { headUrl: chosen })).json().data.headUrl).toBe(chosen);
    expect((await app.inject({ method: 'GET', url: chosen })).headers['content-type']).toMatch(/image\/svg\+xml/);
    expect((await update(token, { headUrl: '/files/avatars/no-such-avatar.svg' })).json()).toMatchObject({
      code: 400,
      data: [{ path: 'headUrl', message: 'Upload the picture as your avatar first, or choose one of the built-in avatars' }],
    });
    expect((await update(token, { headUrl: '/files/avatars/../images/x.svg' })).json()).toMatchObject({ code: 400 });
  });
});

describe('changing the phone number', () => {
  async function oldPhoneToken(account: { phone: string; token: string }) {
    const smsCode = await requestCode(kit, account.phone, 'change_phone_old', { headers: authHeaders(account.token) });
    const verified = await post(app, '/api/verifyCode', { mobile: account.phone, smsCode, type: 'change_phone_old' });
    return verified.json().data.token as string;
  }

  const change = (token: string, body: object) => post(app, '/api/user/phone/change', body, { headers: authHeaders(token) });

  it('moves the account to a new number once both numbers are proven; sign-in then uses the new one', async () => {
    const account = await signUp(kit);
    const grant = await oldPhoneToken(account);
    const next = newPhone();
    const smsCode = await requestCode(kit, next, 'change_phone_new');
    const changed = await change(account.token, { token: grant, areaCode: '86', mobile: next, smsCode });
    expect(changed.json()).toMatchObject({ code: 0, data: { id: account.userId, mobile: next } });

    const again = await signUp(kit, { phone: next });
    expect(again.data).toMatchObject({ created: false, user: { id: account.userId } });
    await allowResend(account.phone);
    const old = await signUp(kit, { phone: account.phone });
    expect(old.data.created).toBe(true);
  });

  it('refuses without proof of the old number, or with another account’s proof', async () => {
    const account = await signUp(kit);
    const stranger = await signUp(kit);
    const strangerGrant = await oldPhoneToken(stranger);
    const next = newPhone();
    const smsCode = await requestCode(kit, next, 'change_phone_new');
    const refused = await change(account.token, { token: strangerGrant, areaCode: '86', mobile: next, smsCode });
    expect(refused.json()).toMatchObject({ code: 400, data: [{ path: 'token', message: 'This is not the phone number the code was sent to' }] });
    expect((await profileOf(account.token)).json().data.mobile).toBe(account.phone);
  });

  it('refuses a wrong code for the new number, keeping the old-number proof usable', async () => {
    const account = await signUp(kit);
    const grant = await oldPhoneToken(account);
    const next = newPhone();
    const smsCode = await requestCode(kit, next, 'change_phone_new');
    const wrong = smsCode === '000000' ? '111111' : '000000';
    expect((await change(account.token, { token: grant, areaCode: '86', mobile: next, smsCode: wrong })).json().code).toBe(10101);
    expect((await change(account.token, { token: grant, areaCode: '86', mobile: next, smsCode })).json().code).toBe(0);
  });

  it('refuses a number that belongs to another account, keeping the old-number proof for another number', async () => {
    const account = await signUp(kit);
    const owner = await signUp(kit);
    const grant = await oldPhoneToken(account);
    const smsCode = await requestCode(kit, owner.phone, 'change_phone_new');
    const response = await change(account.token, { token: grant, areaCode: '86', mobile: owner.phone, smsCode });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe(10107);

    const next = newPhone();
    const nextCode = await requestCode(kit, next, 'change_phone_new');
    expect((await change(account.token, { token: grant, areaCode: '86', mobile: next, smsCode: nextCode })).json()).toMatchObject({ code: 0, data: { mobile: next } });
  });
});
