import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  accountSmsPurposes,
  smsLimits,
  smsSignature,
  type SendSmsCodeData,
  type SendSmsCodeRequest,
  type SmsPurpose,
} from '@parley/contracts';
import type { Phone, SmsCodeRow, SmsRepo } from '../../db/repos/sms-repo.js';
import { AppError } from '../../platform/app-error.js';
import { createOpaqueToken, hashToken } from './opaque-token.js';
import type { SmsSender } from './sms-sender.js';

export interface SmsCodeServiceDeps {
  sms: SmsRepo;
  sender: SmsSender;
  signSecret: string;
  /** Whether a phone has an account: reset codes go only to phones that do. */
  phoneHasAccount: (target: Phone) => Promise<boolean>;
  log: { warn: (obj: object, msg: string) => void };
  now?: () => Date;
}

const hour = 3600_000;
const day = 24 * hour;

function codeHash(target: Phone, purpose: SmsPurpose, code: string): Buffer {
  return createHash('sha256').update(`${target.areaCode}:${target.phone}:${purpose}:${code}`).digest();
}

function equalText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * SMS verification codes: signed, rate-limited requests; codes bound to phone and purpose,
 * single-use, expiring, burned after `smsLimits.maxAttempts` wrong tries, stored hashed.
 */
export function createSmsCodeService(deps: SmsCodeServiceDeps) {
  const now = deps.now ?? (() => new Date());

  /** Anti-abuse only (the secret ships with the client): signature, time window, nonce reuse. */
  async function checkSigned(request: SendSmsCodeRequest, at: Date) {
    const expected = smsSignature(request, deps.signSecret);
    const windowMs = smsLimits.signatureWindowSeconds * 1000;
    const fresh = Math.abs(at.getTime() - request.time) <= windowMs;
    if (!equalText(expected, request.sign) || !fresh) throw new AppError('SMS_SIGNATURE_INVALID');
    if (!(await deps.sms.claimNonce(request.nonceStr, new Date(at.getTime() - 2 * windowMs)))) {
      throw new AppError('SMS_SIGNATURE_INVALID');
    }
  }

  async function checkLimits(target: Phone, purpose: SmsPurpose, ip: string, at: Date) {
    const last = await deps.sms.lastSentAt(target, purpose);
    const waitMs = last ? last.getTime() + smsLimits.resendIntervalSeconds * 1000 - at.getTime() : 0;
    if (waitMs > 0) throw new AppError('SMS_TOO_SOON', undefined, { retryAfterSeconds: Math.ceil(waitMs / 1000) });
    const limited = (retryAfterSeconds: number) =>
      new AppError('RATE_LIMITED', 'Too many codes were requested. Please try again later.', { retryAfterSeconds });
    const ago = (ms: number) => new Date(at.getTime() - ms);
    if ((await deps.sms.countForPhoneSince(target, ago(hour))) >= smsLimits.perPhonePerHour) throw limited(3600);
    if ((await deps.sms.countForPhoneSince(target, ago(day))) >= smsLimits.perPhonePerDay) throw limited(86400);
    if ((await deps.sms.countForIpSince(ip, ago(hour))) >= smsLimits.perIpPerHour) throw limited(3600);
    if ((await deps.sms.countForIpSince(ip, ago(day))) >= smsLimits.perIpPerDay) throw limited(86400);
  }

  async function useCode(target: Phone, purpose: SmsPurpose, code: string): Promise<SmsCodeRow> {
    const row = await deps.sms.findLive(target, purpose);
    if (!row || row.expiresAt.getTime() <= now().getTime()) throw new AppError('SMS_CODE_EXPIRED');
    const matches = timingSafeEqual(codeHash(target, purpose, code), Buffer.from(row.codeHash, 'hex'));
    if (!matches) {
      const used = await deps.sms.addWrongAttempt(row.id, smsLimits.maxAttempts);
      const left = Math.max(0, smsLimits.maxAttempts - used);
      throw left > 0
        ? new AppError('SMS_CODE_INVALID', undefined, { attemptsLeft: left })
        : new AppError('SMS_CODE_EXPIRED', 'The code was wrong too many times. Please request a new one.');
    }
    if (!(await deps.sms.consume(row.id))) throw new AppError('SMS_CODE_EXPIRED');
    return row;
  }

  return {
    /**
     * POST sms/send. `accountPhone` finds the caller's own phone (null when not signed in);
     * codes for account purposes go only there.
     */
    async send(request: SendSmsCodeRequest, ip: string, accountPhone: () => Promise<Phone | null>): Promise<SendSmsCodeData> {
      const at = now();
      await checkSigned(request, at);
      const target = { areaCode: request.areaCode, phone: request.phone };
      if (accountSmsPurposes.includes(request.purpose)) {
        const own = await accountPhone();
        if (!own) throw new AppError('UNAUTHORIZED');
        if (own.areaCode !== target.areaCode || own.phone !== target.phone) {
          throw new AppError('VALIDATION', 'phone: This is not the phone number of your account', [
            { path: 'phone', message: 'This is not the phone number of your account' },
          ]);
        }
      }
      await checkLimits(target, request.purpose, ip, at);

      const code = String(randomInt(0, 10 ** smsLimits.codeLength)).padStart(smsLimits.codeLength, '0');
      const row = await deps.sms.insert({
        ...target,
        purpose: request.purpose,
        codeHash: codeHash(target, request.purpose, code).toString('hex'),
        ip,
        expiresAt: new Date(at.getTime() + smsLimits.codeTtlSeconds * 1000),
      });
      const deliver = async () => {
        try {
          await deps.sender.send({ ...target, code, purpose: request.purpose, reference: row.id });
        } catch (error) {
          await deps.sms.remove(row.id);
          deps.log.warn({ err: error, reference: row.id }, 'SMS delivery failed');
          throw new AppError('UNAVAILABLE', 'The SMS could not be sent right now. Please try again in a moment.');
        }
      };
      if (request.purpose === 'reset_password') {
        // reset codes go only to phones with an account, after the answer, so neither the
        // answer nor its timing tells whether there is one
        void deps
          .phoneHasAccount(target)
          .then((hasAccount) => (hasAccount ? deliver() : undefined))
          .catch(() => undefined);
      } else {
        await deliver();
      }
      return { resendAfterSeconds: smsLimits.resendIntervalSeconds, expiresInSeconds: smsLimits.codeTtlSeconds };
    },

    /** Uses up the phone's live code for `purpose`, or throws SMS_CODE_INVALID / SMS_CODE_EXPIRED. */
    async verify(target: Phone, purpose: SmsPurpose, code: string): Promise<void> {
      await useCode(target, purpose, code);
    },

    /** verifyCode: a verified code traded for a one-time token that a later call redeems. */
    async verifyForGrant(target: Phone, purpose: 'reset_password' | 'change_phone_old', code: string) {
      const used = await useCode(target, purpose, code);
      const { token, tokenHash } = createOpaqueToken();
      const expiresAt = new Date(now().getTime() + smsLimits.grantTtlSeconds * 1000);
      await deps.sms.setGrant(used.id, tokenHash, expiresAt);
      return { token, expiresAt: expiresAt.toISOString() };
    },

    /**
     * Uses a grant for the phone it proves. Shown with another phone it stays usable and the
     * answer says so (field `phoneField`); unknown, used or expired: VERIFICATION_EXPIRED.
     */
    async redeemGrant(token: string, purpose: 'reset_password' | 'change_phone_old', target: Phone, phoneField = 'mobile'): Promise<void> {
      const grantHash = hashToken(token);
      if (await deps.sms.redeemGrant(grantHash, purpose, target, now())) return;
      if (await deps.sms.grantIsLive(grantHash, purpose, now())) {
        const message = 'This is not the phone number the code was sent to';
        throw new AppError('VALIDATION', `${phoneField}: ${message}`, [{ path: phoneField, message }]);
      }
      throw new AppError('VERIFICATION_EXPIRED');
    },
  };
}

export type SmsCodeService = ReturnType<typeof createSmsCodeService>;
