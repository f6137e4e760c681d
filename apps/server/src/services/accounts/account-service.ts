import type { ChangePhoneRequest, DeleteAccountRequest, UpdateProfileRequest, UserInfo } from '@parley/contracts';
import { isUniqueViolation, type AccountRepo } from '../../db/repos/account-repo.js';
import type { User } from '../../db/repos/user-repo.js';
import { AppError } from '../../platform/app-error.js';
import { phoneOf, toUserInfo } from './auth-service.js';
import { builtInAvatars } from '../agents/built-in-avatars.js';
import type { SmsCodeService } from './sms-code-service.js';

function fieldError(path: string, message: string) {
  return new AppError('VALIDATION', `${path}: ${message}`, [{ path, message }]);
}

export interface AccountServiceDeps {
  accounts: AccountRepo;
  codes: SmsCodeService;
  /** Ends every session of the user and the answers streaming under them. */
  endAllSessions: (userId: string) => Promise<void>;
}

/** The signed-in user's own account: profile, phone number, deletion. */
export function createAccountService(deps: AccountServiceDeps) {
  async function current(userId: string): Promise<User> {
    const user = await deps.accounts.findById(userId);
    if (!user) throw new AppError('ACCOUNT_DISABLED');
    return user;
  }

  function ownPhone(user: User) {
    const phone = phoneOf(user);
    if (!phone) throw new AppError('VALIDATION', 'This account has no phone number to verify.');
    return phone;
  }

  /** A built-in avatar that exists, or a picture this user uploaded as their avatar. */
  async function avatarUsable(userId: string, url: string): Promise<boolean> {
    const builtIn = /^\/files\/avatars\/([a-z0-9-]+)\.svg$/.exec(url);
    if (builtIn) return builtInAvatars.has(builtIn[1]!);
    return deps.accounts.ownsAvatar(userId, url.split('/').at(-1) ?? '');
  }

  return {
    async profile(userId: string): Promise<UserInfo> {
      return toUserInfo(await current(userId));
    },

    async updateProfile(userId: string, change: UpdateProfileRequest): Promise<UserInfo> {
      await current(userId);
      if (change.headUrl && !(await avatarUsable(userId, change.headUrl))) {
        throw fieldError('headUrl', 'Upload the picture as your avatar first, or choose one of the built-in avatars');
      }
      try {
        const user = await deps.accounts.update(userId, change);
        if (!user) throw new AppError('ACCOUNT_DISABLED');
        return toUserInfo(user);
      } catch (error) {
        if (isUniqueViolation(error, 'users_username_key')) throw new AppError('USERNAME_TAKEN');
        throw error;
      }
    },

    /** Both numbers proven: the current one by a verifyCode token, the new one by its code. */
    async changePhone(userId: string, input: ChangePhoneRequest): Promise<UserInfo> {
      const user = await current(userId);
      const old = ownPhone(user);
      const next = { areaCode: input.areaCode, phone: input.mobile };
      if (next.areaCode === old.areaCode && next.phone === old.phone) {
        throw fieldError('mobile', 'This is already your phone number');
      }
      await deps.codes.verify(next, 'change_phone_new', input.smsCode);
      // a number another account has is refused before the proof of the current one is used up,
      // so another number can follow at once (and only after its code: no probing for accounts)
      if (await deps.accounts.findByPhone(next)) throw new AppError('PHONE_IN_USE');
      await deps.codes.redeemGrant(input.token, 'change_phone_old', old, 'token');
      try {
        const updated = await deps.accounts.update(userId, { areaCode: next.areaCode, mobile: next.phone });
        if (!updated) throw new AppError('ACCOUNT_DISABLED');
        return toUserInfo(updated);
      } catch (error) {
        if (isUniqueViolation(error, 'users_mobile_key')) throw new AppError('PHONE_IN_USE');
        throw error;
      }
    },

    /** An SMS code and the username typed out; then everything owned goes, in one transaction. */
    async deleteAccount(userId: string, input: DeleteAccountRequest): Promise<void> {
      const user = await current(userId);
      if (input.confirmText !== user.username) throw fieldError('confirmText', 'Type your username exactly to confirm');
      await deps.codes.verify(ownPhone(user), 'delete_account', input.smsCode);
      await deps.endAllSessions(userId);
      await deps.accounts.deleteAccount(userId);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
