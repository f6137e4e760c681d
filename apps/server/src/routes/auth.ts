import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  authPaths,
  envelope,
  headers,
  loginByPasswordRequest,
  loginBySmsRequest,
  resetPasswordRequest,
  sendSmsCodeData,
  sendSmsCodeRequest,
  signInData,
  verifyCodeData,
  verifyCodeRequest,
} from '@parley/contracts';
import { ok } from '../http/ok.js';
import { headerOf } from '../http/request-parts.js';
import { withErrorResponses } from '../http/route-schemas.js';
import { userTokenOf } from '../plugins/identity.js';

/**
 * Sign-in calls that need no token, mounted under `/api` and `/api/visitor`. A visitor's token
 * (when sent and valid) lets the sign-in move the visitor's chats into the account; a user's
 * token lets SMS codes for account purposes go to the account's phone.
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth, codes, identity, account } = app.services;
  const tags = ['auth'];
  // per IP on top of the per-phone limits inside the services
  const rateLimit = { max: 30, timeWindow: '1 minute' };

  async function visitorOf(request: FastifyRequest): Promise<string | null> {
    const token = headerOf(request, headers.visitorToken);
    if (!token) return null;
    try {
      return (await identity.authenticateVisitor(token, headerOf(request, headers.deviceId))).visitorId;
    } catch {
      return null;
    }
  }

  /** Only asked for codes of account purposes; a missing or stale token then answers 401 / 60000. */
  async function accountPhoneOf(request: FastifyRequest) {
    const token = userTokenOf(request);
    if (!token) return null;
    const user = await identity.authenticateUser(token);
    const info = await account.profile(user.userId);
    return info.mobile ? { areaCode: info.areaCode, phone: info.mobile } : null;
  }

  app.post(
    authPaths.sendSmsCode,
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Send a verification code by SMS (signed request; same answer whether the phone has an account)',
        body: sendSmsCodeRequest,
        response: withErrorResponses({ 200: envelope(sendSmsCodeData) }),
      },
    },
    async (request) => ok(await codes.send(request.body, request.ip, () => accountPhoneOf(request))),
  );

  app.post(
    authPaths.loginBySms,
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Sign in with phone and SMS code; a new phone gets a new account',
        body: loginBySmsRequest,
        response: withErrorResponses({ 200: envelope(signInData) }),
      },
    },
    async (request) => ok(await auth.signInBySms(request.body, await visitorOf(request))),
  );

  app.post(
    authPaths.loginByPassword,
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Sign in with phone and password',
        body: loginByPasswordRequest,
        response: withErrorResponses({ 200: envelope(signInData) }),
      },
    },
    async (request) => ok(await auth.signInByPassword(request.body, request.ip, await visitorOf(request))),
  );

  app.post(
    authPaths.verifyCode,
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Trade an SMS code for a one-time token (reset password, change phone)',
        body: verifyCodeRequest,
        response: withErrorResponses({ 200: envelope(verifyCodeData) }),
      },
    },
    async (request) => {
      const { areaCode, mobile, smsCode, type } = request.body;
      return ok(await codes.verifyForGrant({ areaCode, phone: mobile }, type, smsCode));
    },
  );

  app.post(
    authPaths.resetPassword,
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Set a new password with the verifyCode token; every session ends',
        body: resetPasswordRequest,
        response: withErrorResponses({ 200: envelope(z.null()) }),
      },
    },
    async (request) => {
      await auth.resetPassword(request.body);
      return ok(null);
    },
  );
};
