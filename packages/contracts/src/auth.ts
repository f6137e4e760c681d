import { md5 } from 'js-md5';
import { z } from 'zod';

/**
 * Signing in: SMS codes, phone + code or phone + password, password reset and change, logout
 * and token renewal. Paths are relative to `/api`; the public ones (everything but
 * `updatePassword`, `logout`, `renewToken`) are also mounted under `/api/visitor`, where a
 * visitor's token and device headers let the sign-in carry the visitor's chats over.
 */
export const authPaths = {
  sendSmsCode: '/sms/send',
  loginBySms: '/login/sms',
  loginByPassword: '/login/password',
  verifyCode: '/verifyCode',
  resetPassword: '/resetPassword',
  /** Logged-in users only. */
  updatePassword: '/updatePassword',
  logout: '/logout',
  renewToken: '/token/renew',
} as const;

export const smsLimits = {
  codeLength: 6,
  codeTtlSeconds: 5 * 60,
  /** A code is burned after this many wrong tries. */
  maxAttempts: 5,
  /** One code per phone and purpose per this many seconds. */
  resendIntervalSeconds: 60,
  perPhonePerHour: 5,
  perPhonePerDay: 10,
  perIpPerHour: 20,
  perIpPerDay: 50,
  /** A signed request's `time` may differ from the server clock by this much. */
  signatureWindowSeconds: 5 * 60,
  nonceLength: 16,
  /** The one-time token verifyCode hands out (for resetPassword, change phone) lives this long. */
  grantTtlSeconds: 10 * 60,
} as const;

export const passwordLimits = { minLength: 8, maxLength: 64 } as const;
export const passwordRuleMessage = 'Use 8 to 64 characters with at least one letter and one number';

/** User tokens live this long; renewToken swaps a live token for a fresh one. */
export const sessionLimits = { tokenTtlDays: 30 } as const;

/**
 * What a code is for. `login` signs in and creates the account when the phone is new.
 * `change_phone_old` proves the current number, `change_phone_new` the number to move to.
 */
export const smsPurpose = z.enum([
  'login',
  'reset_password',
  'update_password',
  'change_phone_old',
  'change_phone_new',
  'delete_account',
]);
export type SmsPurpose = z.infer<typeof smsPurpose>;

/** Country calling code without the plus sign; 86 (China) by default. */
export const defaultAreaCode = '86';
export const areaCode = z
  .string({ error: 'must be a string' })
  .trim()
  .regex(/^\d{1,4}$/, 'Choose a valid country code');
export const phoneNumber = z
  .string({ error: 'must be a string' })
  .trim()
  .regex(/^\d{5,14}$/, 'Enter a valid phone number (digits only)');
export const smsCode = z
  .string({ error: 'must be a string' })
  .trim()
  .regex(/^\d{6}$/, 'The code is 6 digits');
export const password = z
  .string({ error: 'must be a string' })
  .min(passwordLimits.minLength, passwordRuleMessage)
  .max(passwordLimits.maxLength, passwordRuleMessage)
  .regex(/\p{L}/u, passwordRuleMessage)
  .regex(/\d/, passwordRuleMessage);

/** The one-time token from verifyCode: 43 base64url characters. */
export const verificationToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This verification is not valid, verify your phone again');

/**
 * Signature of spec section 5. The signed fields, sorted by name, are written as
 * `name=value` pairs joined by `&`, then `&key=<secret>` is appended; the MD5 of that, upper
 * case, is `sign`. It deters casual abuse only; the secret ships in every client.
 */
export const smsSignedFields = ['areaCode', 'channel', 'nonceStr', 'phone', 'smsChannel', 'time'] as const;
export type SmsSignedFields = Record<(typeof smsSignedFields)[number], string | number>;
/** The fixed client secret (spec: a constant of the client); the server may be configured with another. */
export const defaultSmsSignSecret = 'parley-sms-sign-2026';
/** The values the web client sends for `channel` and `smsChannel`. */
export const smsChannels = { channel: 'web', smsChannel: 'sms' } as const;

export function smsSignature(fields: SmsSignedFields, secret: string): string {
  const joined = [...smsSignedFields]
    .sort()
    .map((name) => `${name}=${fields[name]}`)
    .join('&');
  return md5(`${joined}&key=${secret}`).toUpperCase();
}

const nonceAlphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** A nonce of digits and letters, one per random byte: `makeNonce(crypto.getRandomValues(new Uint8Array(16)))`. */
export function makeNonce(randomBytes: Uint8Array): string {
  return Array.from(randomBytes, (byte) => nonceAlphabet[byte % nonceAlphabet.length]).join('');
}

/** Purposes whose code goes to the caller's own phone: these need the user token (`/api/sms/send`). */
export const accountSmsPurposes: readonly SmsPurpose[] = ['update_password', 'change_phone_old', 'delete_account'];

/** POST sms/send. The answer is the same whether or not the phone has an account. */
export const sendSmsCodeRequest = z.object({
  areaCode,
  phone: phoneNumber,
  purpose: smsPurpose,
  channel: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'channel is not valid'),
  smsChannel: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'smsChannel is not valid'),
  nonceStr: z.string().regex(/^[A-Za-z0-9]{16}$/, 'nonceStr must be 16 letters or digits'),
  /** Milliseconds since the epoch. */
  time: z.coerce.number({ error: 'time must be a number' }).int('time must be whole milliseconds'),
  sign: z.string().regex(/^[0-9A-F]{32}$/, 'sign must be 32 upper-case hex digits'),
});
export type SendSmsCodeRequest = z.infer<typeof sendSmsCodeRequest>;
export const sendSmsCodeData = z.object({
  /** Seconds before another code for this phone and purpose may be asked for. */
  resendAfterSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
});
export type SendSmsCodeData = z.infer<typeof sendSmsCodeData>;

/** The account as the client keeps it (userStorage: headUrl, username, id, mobile). */
export const userInfo = z.object({
  id: z.string(),
  username: z.string(),
  headUrl: z.string().nullable(),
  areaCode: z.string(),
  /** The account's own number, for the owner only; screens show `mobileMasked`. */
  mobile: z.string(),
  /** e.g. 138****5678 */
  mobileMasked: z.string(),
  hasPassword: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type UserInfo = z.infer<typeof userInfo>;

/** What every sign-in answers. */
export const signInData = z.object({
  token: z.string(),
  expiresAt: z.iso.datetime({ offset: true }),
  user: userInfo,
  /** The account was created by this sign-in. */
  created: z.boolean(),
  /** A visitor's chats and settings were moved into the account by this sign-in. */
  mergedVisitor: z.boolean(),
});
export type SignInData = z.infer<typeof signInData>;

/** POST login/sms: signs in, creating the account when the phone is new. */
export const loginBySmsRequest = z.object({ areaCode: areaCode.default(defaultAreaCode), mobile: phoneNumber, smsCode });
export type LoginBySmsRequest = z.infer<typeof loginBySmsRequest>;

/** POST login/password: a wrong phone and a wrong password get the same answer. */
export const loginByPasswordRequest = z.object({
  areaCode: areaCode.default(defaultAreaCode),
  mobile: phoneNumber,
  password: z.string().min(1, 'Enter your password').max(passwordLimits.maxLength),
});
export type LoginByPasswordRequest = z.infer<typeof loginByPasswordRequest>;

/** POST verifyCode {mobile, smsCode, type}: trades a code for a one-time token. */
export const verifyCodeRequest = z.object({
  areaCode: areaCode.default(defaultAreaCode),
  mobile: phoneNumber,
  smsCode,
  type: z.enum(['reset_password', 'change_phone_old']),
});
export type VerifyCodeRequest = z.infer<typeof verifyCodeRequest>;
export const verifyCodeData = z.object({ token: z.string(), expiresAt: z.iso.datetime({ offset: true }) });
export type VerifyCodeData = z.infer<typeof verifyCodeData>;

/** `x-same-as`: the API document's word for a field that must repeat another (JSON Schema has none). */
const passwordPair = { password, confirmPassword: z.string().meta({ 'x-same-as': 'password', description: 'The password again; must be the same' }) };
function samePassword(value: { password: string; confirmPassword: string }, ctx: z.RefinementCtx) {
  if (value.password !== value.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'The two passwords do not match' });
  }
}

/** POST resetPassword {mobile, password, confirmPassword, token}: signs out everywhere. */
export const resetPasswordRequest = z
  .object({ areaCode: areaCode.default(defaultAreaCode), mobile: phoneNumber, ...passwordPair, token: verificationToken })
  .superRefine(samePassword);
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

/** POST updatePassword {mobile, password, confirmPassword, smsCode}: other sessions end; this one gets a new token. */
export const updatePasswordRequest = z
  .object({ areaCode: areaCode.optional(), mobile: phoneNumber, ...passwordPair, smsCode })
  .superRefine(samePassword);
export type UpdatePasswordRequest = z.infer<typeof updatePasswordRequest>;
export const tokenData = z.object({ token: z.string(), expiresAt: z.iso.datetime({ offset: true }) });
export type TokenData = z.infer<typeof tokenData>;

/** POST logout (no body): the token stops working at once. POST token/renew (no body): `tokenData`; the old one ends. */
