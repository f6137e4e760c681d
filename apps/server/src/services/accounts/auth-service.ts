import { randomBytes } from 'node:crypto';
import {
  maskPhone,
  type LoginByPasswordRequest,
  type LoginBySmsRequest,
  type ResetPasswordRequest,
  type SignInData,
  type TokenData,
  type UpdatePasswordRequest,
  type UserInfo,
} from '@parley/contracts';
import type { AccountRepo } from '../../db/repos/account-repo.js';
import type { Phone } from '../../db/repos/sms-repo.js';
import type { TokenRepo } from '../../db/repos/token-repo.js';
import type { User } from '../../db/repos/user-repo.js';
import { AppError } from '../../platform/app-error.js';
import { createOpaqueToken } from './opaque-token.js';
import { decoyPasswordHash, hashPassword, verifyPassword } from './password-hash.js';
import type { RateCounter } from '../../platform/rate-counter.js';
import type { SmsCodeService } from './sms-code-service.js';
import type { StreamRegistry } from '../../platform/stream-registry.js';

/** Where wrong passwords against one phone are counted. */
function loginPhoneKey(target: { areaCode: string; phone: string }): string {
  return `login-phone:${target.areaCode}:${target.phone}`;
}

export function toUserInfo(user: User): UserInfo {
  const mobile = user.mobile ?? '';
  return {
    id: user.id,
    username: user.username,
    headUrl: user.headUrl,
    areaCode: user.areaCode,
    mobile,
    mobileMasked: maskPhone(mobile),
    hasPassword: user.passwordHash !== null,
    createdAt: user.createdAt.toISOString(),
  };
}

export function phoneOf(user: User): Phone | null {
  return user.mobile ? { areaCode: user.areaCode, phone: user.mobile } : null;
}

/** A name for a new account until its owner picks one: `user_` and 8 hex digits. */
export function generatedUsername(): string {
  return `user_${randomBytes(4).toString('hex')}`;
}

export interface AuthServiceDeps {
  accounts: AccountRepo;
  tokens: TokenRepo;
  codes: SmsCodeService;
  registry: Pick<StreamRegistry, 'endSessions'>;
  /** Password sign-in tries, per phone and per IP. */
  attempts: RateCounter;
  tokenTtlDays: number;
  /** A visitor who signs in near or past the daily visitor quota is told the account has none. */
  visitorQuota?: {
    limit: number;
    usedToday: (visitorId: string) => Promise<number>;
    notify: (userId: string, used: number, limit: number) => Promise<void>;
  };
  now?: () => Date;
}

/** Share of the visitor quota from which signing in earns a quota message. */
const quotaNoticeShare = 0.8;

const attemptLimits = { perPhone: 10, perIp: 30, windowMs: 3600_000 } as const;

/** Signing in and out, passwords, and the sessions (tokens) they hand out. */
export function createAuthService(deps: AuthServiceDeps) {
  const now = deps.now ?? (() => new Date());

  async function issueToken(userId: string): Promise<TokenData> {
    const { token, tokenHash } = createOpaqueToken();
    const expiresAt = new Date(now().getTime() + deps.tokenTtlDays * 86_400_000);
    await deps.tokens.insert({ kind: 'user', userId, tokenHash, expiresAt });
    return { token, expiresAt: expiresAt.toISOString() };
  }

  async function signedIn(user: User, created: boolean, visitorId: string | null): Promise<SignInData> {
    if (user.disabledAt) throw new AppError('ACCOUNT_DISABLED');
    const quota = deps.visitorQuota;
    const usedAsVisitor = visitorId && quota ? await quota.usedToday(visitorId) : 0;
    const moved = visitorId ? await deps.accounts.mergeVisitor(visitorId, user.id) : 0;
    if (quota && moved > 0 && quota.limit > 0 && usedAsVisitor >= quota.limit * quotaNoticeShare) {
      await quota.notify(user.id, usedAsVisitor, quota.limit);
    }
    return { ...(await issueToken(user.id)), user: toUserInfo(user), created, mergedVisitor: moved > 0 };
  }

  /** Every session of the user ends now, and answers streaming under them stop. */
  async function endAllSessions(userId: string): Promise<void> {
    deps.registry.endSessions(await deps.tokens.revokeAllForUser(userId));
  }

  async function limitAttempts(key: string, max: number) {
    const { allowed, retryAfterMs } = await deps.attempts.hit(key, max, attemptLimits.windowMs);
    if (!allowed) {
      throw new AppError('RATE_LIMITED', 'Too many sign-in attempts. Please try again later or sign in with an SMS code.', {
        retryAfterSeconds: Math.ceil(retryAfterMs / 1000),
      });
    }
  }

  return {
    issueToken,
    endAllSessions,

    /** Phone + SMS code: signs in, creating the account when the phone is new. */
    async signInBySms(input: LoginBySmsRequest, visitorId: string | null): Promise<SignInData> {
      const phone = { areaCode: input.areaCode, phone: input.mobile };
      await deps.codes.verify(phone, 'login', input.smsCode);
      const { user, created } = await deps.accounts.findOrCreateByPhone(phone, generatedUsername);
      return signedIn(user, created, visitorId);
    },

    /** Phone + password. An unknown phone costs the same time and gets the same answer as a wrong password. */
    async signInByPassword(input: LoginByPasswordRequest, ip: string, visitorId: string | null): Promise<SignInData> {
      const phoneKey = loginPhoneKey({ areaCode: input.areaCode, phone: input.mobile });
      await limitAttempts(`login-ip:${ip}`, attemptLimits.perIp);
      await limitAttempts(phoneKey, attemptLimits.perPhone);
      const user = await deps.accounts.findByPhone({ areaCode: input.areaCode, phone: input.mobile });
      const matches = await verifyPassword(input.password, user?.passwordHash ?? (await decoyPasswordHash()));
      if (!user?.passwordHash || !matches) throw new AppError('LOGIN_FAILED');
      // the owner got in: earlier tries against this phone stop counting
      await deps.attempts.reset(phoneKey);
      return signedIn(user, false, visitorId);
    },

    /** resetPassword: the verifyCode token proves the phone; every session ends. */
    async resetPassword(input: ResetPasswordRequest): Promise<void> {
      const phone = { areaCode: input.areaCode, phone: input.mobile };
      await deps.codes.redeemGrant(input.token, 'reset_password', phone);
      const user = await deps.accounts.findByPhone(phone);
      if (!user) throw new AppError('VERIFICATION_EXPIRED');
      await deps.accounts.update(user.id, { passwordHash: await hashPassword(input.password) });
      await endAllSessions(user.id);
      // the owner proved the phone: the sign-in lock earlier wrong passwords set on it lifts
      await deps.attempts.reset(loginPhoneKey(phone));
    },

    /** updatePassword (also sets a first password): every session ends; the caller gets a fresh token. */
    async updatePassword(userId: string, input: UpdatePasswordRequest): Promise<TokenData> {
      const user = await deps.accounts.findById(userId);
      const phone = user && phoneOf(user);
      if (!user || !phone) throw new AppError('VALIDATION', 'This account has no phone number to verify.');
      if (input.mobile !== phone.phone || (input.areaCode !== undefined && input.areaCode !== phone.areaCode)) {
        throw new AppError('VALIDATION', 'mobile: This is not the phone number of your account', [
          { path: 'mobile', message: 'This is not the phone number of your account' },
        ]);
      }
      await deps.codes.verify(phone, 'update_password', input.smsCode);
      await deps.accounts.update(user.id, { passwordHash: await hashPassword(input.password) });
      await endAllSessions(user.id);
      return issueToken(user.id);
    },

    async logout(tokenHash: string): Promise<void> {
      await deps.tokens.revoke(tokenHash);
      deps.registry.endSessions([tokenHash]);
    },

    /** A fresh token for a live one; the old one ends at once. */
    async renew(userId: string, tokenHash: string): Promise<TokenData> {
      const fresh = await issueToken(userId);
      await deps.tokens.revoke(tokenHash);
      return fresh;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
