import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminAgentDetail,
  adminAgentParams,
  adminAgentsPage,
  adminAgentsPaths,
  declineAgentReason,
  envelope,
  hideAgentReason,
  listAdminAgentsQuery,
  restoreAgentReason,
} from '@parley/contracts';
import { ok } from '../http/ok.js';
import { requestOperator } from '../http/request-operator.js';
import { withErrorResponses } from '../http/route-schemas.js';

const tags = ['admin'];
const params = adminAgentParams;
const detail = withErrorResponses({ 200: envelope(adminAgentDetail) });

/** The console's agents page: every agent, hide and restore, and the review queue of held agents. */
export const adminAgentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const agents = app.services.agentAdmin;

  app.get(
    adminAgentsPaths.list,
    {
      schema: {
        tags,
        summary: 'Operators: every agent, newest first, searched and filtered (held: the review queue)',
        querystring: listAdminAgentsQuery,
        response: withErrorResponses({ 200: envelope(adminAgentsPage) }),
      },
    },
    async (request) => ok(await agents.list(request.query)),
  );

  app.get(adminAgentsPaths.detail, { schema: { tags, summary: 'Operators: an agent with its texts and what the content check held', params, response: detail } }, async (request) =>
    ok(await agents.detail(request.params.id)),
  );

  app.post(
    adminAgentsPaths.hide,
    { schema: { tags, summary: "Operators: hide an agent from everyone but its owner, who reads the reason", params, body: hideAgentReason, response: detail } },
    async (request) => ok(await agents.hide(requestOperator(request), request.params.id, request.body.reason)),
  );

  app.post(
    adminAgentsPaths.restore,
    { schema: { tags, summary: 'Operators: show a hidden agent again; its owner is told', params, body: restoreAgentReason, response: detail } },
    async (request) => ok(await agents.restore(requestOperator(request), request.params.id, request.body.reason)),
  );

  app.post(
    adminAgentsPaths.approve,
    { schema: { tags, summary: 'Operators: publish a held agent; its owner is told', params, response: detail } },
    async (request) => ok(await agents.approve(requestOperator(request), request.params.id)),
  );

  app.post(
    adminAgentsPaths.decline,
    { schema: { tags, summary: 'Operators: keep a held agent from public; its owner reads the reason', params, body: declineAgentReason, response: detail } },
    async (request) => ok(await agents.decline(requestOperator(request), request.params.id, request.body.reason)),
  );
};
