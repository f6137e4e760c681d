import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  agentShareByAppQuery,
  agentShareByNumQuery,
  agentShareNumData,
  agentShareNumQuery,
  agentSharePaths,
  envelope,
  sharedAgent,
} from '@parley/contracts';
import { ok } from '../http/ok.js';
import { requestOwner } from '../http/request-owner.js';
import { withErrorResponses } from '../http/route-schemas.js';

const tags = ['agent shares'];

/** Share numbers of agents and the landing page behind them (spec section 7). */
export const agentShareRoutes: FastifyPluginAsyncZod = async (app) => {
  const shares = app.services.agentShares;

  app.get(
    agentSharePaths.shareNum,
    {
      schema: {
        tags,
        summary: "An agent's share number, made on first request",
        querystring: agentShareNumQuery,
        response: withErrorResponses({ 200: envelope(agentShareNumData) }),
      },
    },
    async (request) => ok(await shares.shareNum(requestOwner(request), request.query.id)),
  );

  app.get(
    agentSharePaths.byShareNum,
    {
      schema: {
        tags,
        summary: 'The shared agent behind a share number',
        querystring: agentShareByNumQuery,
        response: withErrorResponses({ 200: envelope(sharedAgent) }),
      },
    },
    async (request) => ok(await shares.byShareNum(requestOwner(request), request.query.shareNum)),
  );

  app.get(
    agentSharePaths.agent,
    {
      schema: {
        tags,
        summary: 'The shared agent landing page, by agent id',
        querystring: agentShareByAppQuery,
        response: withErrorResponses({ 200: envelope(sharedAgent) }),
      },
    },
    async (request) => ok(await shares.byApp(requestOwner(request), request.query.appId)),
  );
};
