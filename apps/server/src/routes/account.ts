import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountPaths,
  authPaths,
  changePhoneRequest,
  deleteAccountRequest,
  envelope,
  tokenData,
  updatePasswordRequest,
  updateProfileRequest,
  userInfo,
} from '@parley/contracts';
import { AppError } from '../platform/app-error.js';
import { ok } from '../http/ok.js';
import { requestUserId, sessionKeyOf } from '../http/request-owner.js';
import { withErrorResponses } from '../http/route-schemas.js';

function sessionOf(request: FastifyRequest): string {
  const key = sessionKeyOf(request);
  if (!key) throw new AppError('UNAUTHORIZED');
  return key;
}

/** The signed-in user's account and sessions; mounted under `/api` only (user token). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth, account } = app.services;
  const tags = ['account'];
  const done = withErrorResponses({ 200: envelope(z.null()) });
  const user = withErrorResponses({ 200: envelope(userInfo) });

  app.post(
    authPaths.updatePassword,
    {
      schema: {
        tags,
        summary: 'Change (or set) the password with an SMS code; every session ends and a fresh token is returned',
        body: updatePasswordRequest,
        response: withErrorResponses({ 200: envelope(tokenData) }),
      },
    },
    async (request) => ok(await auth.updatePassword(requestUserId(request), request.body)),
  );

  app.post(authPaths.logout, { schema: { tags, summary: 'End this session now', response: done } }, async (request) => {
    await auth.logout(sessionOf(request));
    return ok(null);
  });

  app.post(
    authPaths.renewToken,
    { schema: { tags, summary: 'Swap this token for a fresh one; the old one ends', response: withErrorResponses({ 200: envelope(tokenData) }) } },
    async (request) => ok(await auth.renew(requestUserId(request), sessionOf(request))),
  );

  app.get(accountPaths.profile, { schema: { tags, summary: 'The signed-in account', response: user } }, async (request) =>
    ok(await account.profile(requestUserId(request))),
  );

  app.post(
    accountPaths.updateProfile,
    { schema: { tags, summary: 'Change username and/or avatar', body: updateProfileRequest, response: user } },
    async (request) => ok(await account.updateProfile(requestUserId(request), request.body)),
  );

  app.post(
    accountPaths.changePhone,
    {
      schema: { tags, summary: 'Move the account to a new phone number, both numbers verified', body: changePhoneRequest, response: user },
    },
    async (request) => ok(await account.changePhone(requestUserId(request), request.body)),
  );

  app.post(
    accountPaths.deleteAccount,
    {
      schema: {
        tags,
        summary: 'Delete the account and everything it owns; every session ends',
        body: deleteAccountRequest,
        response: done,
      },
    },
    async (request) => {
      await account.deleteAccount(requestUserId(request), request.body);
      return ok(null);
    },
  );
};
