import { z } from 'zod';
import { areaCode, phoneNumber, smsCode, verificationToken } from './auth.js';
import { avatarPathPattern } from './images.js';

/**
 * The signed-in user's own account: profile, phone change and deletion. Paths are relative to
 * `/api` (logged-in users only).
 */
export const accountPaths = {
  /** GET: the caller's userInfo (auth.ts). */
  profile: '/user/profile',
  updateProfile: '/user/profile/update',
  changePhone: '/user/phone/change',
  deleteAccount: '/user/delete',
} as const;

export const usernameLimits = { minLength: 2, maxLength: 20 } as const;
export const usernameRuleMessage =
  'Use 2 to 20 letters, digits, _ or -, not only digits';

/** Letters of any script, digits, `_` and `-`; not only digits so it is never mistaken for a phone. */
export const username = z
  .string({ error: 'must be a string' })
  .trim()
  .min(usernameLimits.minLength, usernameRuleMessage)
  .max(usernameLimits.maxLength, usernameRuleMessage)
  .regex(/^[\p{L}\p{N}_-]+$/u, usernameRuleMessage)
  .regex(/\D/, usernameRuleMessage);

/**
 * A profile picture: an image uploaded with purpose `user_avatar` (images.ts), one of the
 * built-in avatars (`/files/avatars/<key>.svg`, from the agents' avatars call), or null for the default.
 */
export const headUrl = z
  .string()
  .regex(avatarPathPattern, 'Upload the picture first, or choose one of the built-in avatars')
  .nullable();

/** POST user/profile/update: only the fields sent change; answers the new userInfo. */
export const updateProfileRequest = z
  .object({ username: username.optional(), headUrl: headUrl.optional() })
  .refine((value) => value.username !== undefined || value.headUrl !== undefined, 'Nothing to change')
  .meta({ anyOf: [{ required: ['username'] }, { required: ['headUrl'] }] });
export type UpdateProfileRequest = z.infer<typeof updateProfileRequest>;

/**
 * POST user/phone/change. First verifyCode {type: change_phone_old} on the current number gives
 * `token`; then a `change_phone_new` code is sent to the new number and sent here as `smsCode`.
 * Answers the new userInfo.
 */
export const changePhoneRequest = z.object({ token: verificationToken, areaCode, mobile: phoneNumber, smsCode });
export type ChangePhoneRequest = z.infer<typeof changePhoneRequest>;

/**
 * POST user/delete. `smsCode` is a `delete_account` code sent to the account's phone;
 * `confirmText` must equal the account's username. Deletes chats, agents and their knowledge,
 * shares, notifications, settings, images and tokens in one transaction; every session ends.
 */
export const deleteAccountRequest = z.object({
  smsCode,
  confirmText: z.string({ error: 'must be a string' }).trim().min(1, 'Type your username to confirm'),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequest>;

/** Masks the middle of a phone number for display: 13812345678 -> 138****5678. */
export function maskPhone(phone: string): string {
  if (phone.length <= 4) return '*'.repeat(phone.length);
  const keepStart = Math.min(3, phone.length - 4);
  return `${phone.slice(0, keepStart)}${'*'.repeat(phone.length - keepStart - 4)}${phone.slice(-4)}`;
}
