import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminUserCounts,
  adminUserDetail,
  adminUserParams,
  adminUsersPage,
  adminUsersPaths,
  deleteUserRequest,
  envelope,
  listAdminUsersQuery,
  setUserOperatorRequest,
} from '@parley/contracts';
import { ok } from '../http/ok.js';
import { requestOperator } from '../http/request-operator.js';
import { withErrorResponses } from '../http/route-schemas.js';

const tags = ['admin'];
const params = adminUserParams;
const detail = withErrorResponses({ 200: envelope(adminUserDetail) });

/** The console's users page: accounts searched, their activity, disable and enable, the operator role, deletion. */
export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const users = app.services.userAdmin;

  app.get(
    adminUsersPaths.list,
    { schema: { tags, summary: 'Operators: accounts, newest first, by phone or name', querystring: listAdminUsersQuery, response: withErrorResponses({ 200: envelope(adminUsersPage) }) } },
    async (request) => ok(await users.list(request.query)),
  );

  app.get(
    adminUsersPaths.counts,
    { schema: { tags, summary: 'Operators: how many accounts and visitors', response: withErrorResponses({ 200: envelope(adminUserCounts) }) } },
    async () => ok(await users.counts()),
  );

  app.get(adminUsersPaths.detail, { schema: { tags, summary: 'Operators: an account and its activity', params, response: detail } }, async (request) =>
    ok(await users.detail(request.params.id)),
  );

  app.post(
    adminUsersPaths.disable,
    { schema: { tags, summary: 'Operators: disable an account; its sessions end at once (-104 at its next call)', params, response: detail } },
    async (request) => ok(await users.disable(requestOperator(request), request.params.id)),
  );

  app.post(adminUsersPaths.enable, { schema: { tags, summary: 'Operators: enable a disabled account', params, response: detail } }, async (request) =>
    ok(await users.enable(requestOperator(request), request.params.id)),
  );

  app.post(
    adminUsersPaths.operator,
    { schema: { tags, summary: 'Operators: grant or revoke the operator role', params, body: setUserOperatorRequest, response: detail } },
    async (request) => {
      const operator = requestOperator(request);
      const { id } = request.params;
      await (request.body.operator ? users.grantOperator(operator, id) : users.revokeOperator(operator, id));
      return ok(await users.detail(id));
    },
  );

  app.post(
    adminUsersPaths.remove,
    {
      schema: {
        tags,
        summary: 'Operators: delete an account as its owner could, after typing its username',
        params,
        body: deleteUserRequest,
        response: withErrorResponses({ 200: envelope(z.null()) }),
      },
    },
    async (request) => {
      await users.remove(requestOperator(request), request.params.id, request.body.confirmText);
      return ok(null);
    },
  );
};
