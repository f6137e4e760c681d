import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { vi } from 'vitest';
import {
  defaultSmsSignSecret,
  makeNonce,
  smsChannels,
  smsSignature,
  type SendSmsCodeRequest,
  type SmsPurpose,
} from '@parley/contracts';
import { smsCodes } from '../src/db/schema/index.js';
import type { FakeSmsGateway } from './fake-sms-gateway/index.js';
import { testDatabase } from './helper.js';
import type { Caller } from './chat-stream-helpers.js';

/** A fresh Chinese mobile number, so tests never share per-phone limits by accident. */
export function newPhone(): string {
  return `1${randomInt(3, 10)}${String(randomInt(0, 10 ** 9)).padStart(9, '0')}`;
}

/** A fresh client address for app.inject, so per-IP limits are per test. */
export function newIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

/**
 * A signed sms/send body. `time` and `secret` are signed as given; `overrides` change fields
 * after signing (so they break the signature).
 */
export function signedSmsRequest(
  phone: string,
  purpose: SmsPurpose,
  overrides: Partial<SendSmsCodeRequest> & { secret?: string; signedTime?: number } = {},
): SendSmsCodeRequest {
  const { secret = defaultSmsSignSecret, signedTime = Date.now(), ...changes } = overrides;
  const fields = {
    areaCode: '86',
    phone,
    channel: smsChannels.channel,
    smsChannel: smsChannels.smsChannel,
    nonceStr: makeNonce(crypto.getRandomValues(new Uint8Array(16))),
    time: signedTime,
  };
  return { ...fields, purpose, sign: smsSignature(fields, secret), ...changes };
}

export interface AccountTestKit {
  app: FastifyInstance;
  gateway: FakeSmsGateway;
}

export function post(app: FastifyInstance, url: string, payload: object, options: { headers?: Record<string, string>; ip?: string } = {}) {
  return app.inject({ method: 'POST', url, payload, headers: options.headers ?? {}, remoteAddress: options.ip ?? newIp() });
}

/** Asks for a code and reads it back from the local gateway. */
export async function requestCode(
  { app, gateway }: AccountTestKit,
  phone: string,
  purpose: SmsPurpose,
  options: { headers?: Record<string, string>; prefix?: string } = {},
): Promise<string> {
  const before = gateway.messages.length;
  const response = await post(app, `${options.prefix ?? '/api'}/sms/send`, signedSmsRequest(phone, purpose), options);
  if (response.json().code !== 0) throw new Error(`sms/send failed: ${response.body}`);
  // reset codes are delivered after the answer
  const message = await vi.waitFor(
    () => {
      const found = gateway.messages.slice(before).find((m) => m.phone === phone && m.purpose === purpose);
      if (!found) throw new Error(`no SMS reached the gateway for ${phone} (${purpose})`);
      return found;
    },
    { timeout: 3000, interval: 20 },
  );
  return message.code;
}

/** Signs up (or in) with a new phone through the real calls; the caller holds the user token. */
export async function signUp(kit: AccountTestKit, options: { phone?: string; headers?: Record<string, string>; prefix?: string } = {}) {
  const phone = options.phone ?? newPhone();
  const smsCode = await requestCode(kit, phone, 'login', options);
  const response = await post(kit.app, `${options.prefix ?? '/api'}/login/sms`, { mobile: phone, smsCode }, options);
  const data = response.json().data;
  if (!data?.token) throw new Error(`login failed: ${response.body}`);
  const caller: Caller = {
    prefix: '/api',
    headers: { authorization: `Bearer ${data.token}` },
    owner: { userId: data.user.id, visitorId: null },
  };
  return { phone, caller, data, token: data.token as string, userId: data.user.id as string };
}

export function authHeaders(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** Lets a phone ask for another code now, as if its last one was sent two minutes ago. */
export async function allowResend(phone: string) {
  const db = (await testDatabase()).handle.db;
  await db.update(smsCodes).set({ createdAt: new Date(Date.now() - 120_000) }).where(eq(smsCodes.phone, phone));
}

/** A second sign-in of the same phone (another device); answers its token. */
export async function anotherSession(kit: AccountTestKit, phone: string): Promise<string> {
  await allowResend(phone);
  const smsCode = await requestCode(kit, phone, 'login');
  const response = await post(kit.app, '/api/login/sms', { mobile: phone, smsCode });
  return response.json().data.token as string;
}
