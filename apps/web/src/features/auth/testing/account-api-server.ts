import {
  accountPaths,
  agentPaths,
  authPaths,
  changePhoneRequest,
  defaultSmsSignSecret,
  deleteAccountRequest,
  errorCodes,
  headers,
  loginByPasswordRequest,
  loginBySmsRequest,
  maskPhone,
  resetPasswordRequest,
  sendSmsCodeRequest,
  smsSignature,
  updatePasswordRequest,
  updateProfileRequest,
  verifyCodeRequest,
  type UserInfo,
} from '@parley/contracts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { setHttpBaseUrl } from '../../../lib/http';
import { startLocalServer } from '../../../test/local-server';
import { setupTestI18n } from '../../../test/render';

/** One call as the server received it. */
export interface SeenCall {
  path: string;
  body: Record<string, unknown>;
  headers: IncomingMessage['headers'];
}

type ErrorName = keyof typeof errorCodes;

/**
 * The sign-in and account calls over real HTTP, validated with the contracts' own schemas, for
 * component tests: one account (phone 13800138000, password "Harbour-42-walnut"), codes that
 * are `code` for every purpose, and `failNext` to make the next call of a path fail as the
 * real server would.
 */
export async function startAccountApiServer(options: { code?: string; resendAfterSeconds?: number } = {}) {
  const code = options.code ?? '246810';
  const calls: SeenCall[] = [];
  const failures = new Map<string, { name: ErrorName; data?: unknown }>();
  let password = 'Harbour-42-walnut';
  let account: UserInfo = {
    id: '6d0f3a52-8d6c-4a43-9d0b-0c7a5e0e4d11',
    username: 'lin_wei',
    headUrl: null,
    areaCode: '86',
    mobile: '13800138000',
    mobileMasked: maskPhone('13800138000'),
    hasPassword: true,
    createdAt: '2026-01-05T08:00:00.000Z',
  };
  const grant = 'g'.repeat(43);
  /** Another account's number: changing to it is refused. */
  const takenMobile = '13900139000';

  function reply(response: ServerResponse, data: unknown) {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 0, msg: 'success', data }));
  }
  function fail(response: ServerResponse, name: ErrorName, data: unknown = null) {
    const { code: errorCode, status, msg } = errorCodes[name];
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ code: errorCode, msg, data }));
  }
  function parse<T extends z.ZodType>(schema: T, body: unknown, response: ServerResponse): z.infer<T> | null {
    const parsed = schema.safeParse(body);
    if (parsed.success) return parsed.data;
    const problems = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
    fail(response, 'VALIDATION', problems);
    return null;
  }
  const signIn = (created: boolean) => ({
    token: `user-token-${calls.length}`,
    expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    user: account,
    created,
    mergedVisitor: false,
  });

  const server = await startLocalServer((request, response, raw) => {
    // Visitors' calls arrive under /api/visitor, users' under /api: the same handlers answer both.
    const path = (request.url ?? '').split('?')[0]!.replace(/^\/api(\/visitor)?/, '');
    const body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
    calls.push({ path: request.url ?? '', body, headers: request.headers });
    const failure = failures.get(path);
    if (failure) {
      failures.delete(path);
      return fail(response, failure.name, failure.data);
    }
    switch (path) {
      case authPaths.sendSmsCode: {
        const input = parse(sendSmsCodeRequest, body, response);
        if (!input) return;
        const { areaCode, channel, nonceStr, phone, smsChannel, time } = input;
        if (smsSignature({ areaCode, channel, nonceStr, phone, smsChannel, time }, defaultSmsSignSecret) !== input.sign) {
          return fail(response, 'SMS_SIGNATURE_INVALID');
        }
        return reply(response, { resendAfterSeconds: options.resendAfterSeconds ?? 60, expiresInSeconds: 300 });
      }
      case authPaths.loginBySms: {
        const input = parse(loginBySmsRequest, body, response);
        if (!input) return;
        if (input.smsCode !== code) return fail(response, 'SMS_CODE_INVALID');
        const created = input.mobile !== account.mobile;
        if (created) account = { ...account, username: 'user_5f3a9c21', mobile: input.mobile, mobileMasked: maskPhone(input.mobile), hasPassword: false };
        return reply(response, signIn(created));
      }
      case authPaths.loginByPassword: {
        const input = parse(loginByPasswordRequest, body, response);
        if (!input) return;
        if (input.mobile !== account.mobile || input.password !== password) return fail(response, 'LOGIN_FAILED');
        return reply(response, signIn(false));
      }
      case authPaths.verifyCode: {
        const input = parse(verifyCodeRequest, body, response);
        if (!input) return;
        if (input.smsCode !== code) return fail(response, 'SMS_CODE_INVALID');
        return reply(response, { token: grant, expiresAt: new Date(Date.now() + 600_000).toISOString() });
      }
      case authPaths.resetPassword: {
        const input = parse(resetPasswordRequest, body, response);
        if (!input) return;
        if (input.token !== grant) return fail(response, 'VERIFICATION_EXPIRED');
        password = input.password;
        return reply(response, null);
      }
      case authPaths.updatePassword: {
        const input = parse(updatePasswordRequest, body, response);
        if (!input) return;
        if (input.smsCode !== code) return fail(response, 'SMS_CODE_INVALID');
        password = input.password;
        account = { ...account, hasPassword: true };
        return reply(response, { token: 'fresh-user-token', expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString() });
      }
      case accountPaths.profile:
        return reply(response, account);
      case accountPaths.updateProfile: {
        const input = parse(updateProfileRequest, body, response);
        if (!input) return;
        if (input.username && input.username.toLowerCase() === 'taken_name') return fail(response, 'USERNAME_TAKEN');
        account = { ...account, ...input };
        return reply(response, account);
      }
      case accountPaths.changePhone: {
        const input = parse(changePhoneRequest, body, response);
        if (!input) return;
        if (input.token !== grant) return fail(response, 'VERIFICATION_EXPIRED');
        if (input.smsCode !== code) return fail(response, 'SMS_CODE_INVALID');
        if (input.mobile === takenMobile) return fail(response, 'PHONE_IN_USE');
        account = { ...account, areaCode: input.areaCode, mobile: input.mobile, mobileMasked: maskPhone(input.mobile) };
        return reply(response, account);
      }
      case accountPaths.deleteAccount: {
        const input = parse(deleteAccountRequest, body, response);
        if (!input) return;
        if (input.smsCode !== code) return fail(response, 'SMS_CODE_INVALID');
        return reply(response, null);
      }
      case agentPaths.avatars:
        return reply(response, { list: ['bot', 'chart', 'coin'].map((key) => ({ key, url: `/files/avatars/${key}.svg` })) });
      default:
        return fail(response, 'NOT_FOUND');
    }
  });

  return {
    url: server.url,
    close: server.close,
    calls,
    code,
    account: () => account,
    password: () => password,
    /** The next call of `path` (e.g. authPaths.sendSmsCode) answers this error. */
    failNext(path: string, name: ErrorName, data?: unknown) {
      failures.set(path, { name, data });
    },
    /** Calls of one path, visitor or user. */
    callsOf: (path: string) => calls.filter((call) => call.path.replace(/^\/api(\/visitor)?/, '').split('?')[0] === path),
    visitorTokenOf: (call: SeenCall) => call.headers[headers.visitorToken],
  };
}

/**
 * For a test file: the texts, one account API server for all its tests (the app's HTTP client
 * pointed at it), its seen calls emptied before each test, and the session set by `session`.
 */
export function serveAccountApi(session: () => void): { readonly current: Awaited<ReturnType<typeof startAccountApiServer>> } {
  const holder = {} as { current: Awaited<ReturnType<typeof startAccountApiServer>> };
  beforeAll(async () => {
    await setupTestI18n();
    holder.current = await startAccountApiServer();
    setHttpBaseUrl(holder.current.url);
  });
  afterAll(() => holder.current.close());
  beforeEach(() => {
    holder.current.calls.length = 0;
    session();
  });
  return holder;
}
