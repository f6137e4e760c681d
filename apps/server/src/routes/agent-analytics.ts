import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { agentAnalytics, agentAnalyticsPaths, agentAnalyticsQuery, envelope } from '@parley/contracts';
import { ok } from '../http/ok.js';
import { requestOwner } from '../http/request-owner.js';
import { csvFileResponse, withErrorResponses } from '../http/route-schemas.js';

const tags = ['agent analytics'];

/** How an agent does, for its owner (contracts agent-analytics.ts). */
export const agentAnalyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const analytics = app.services.agentAnalytics;

  app.get(
    agentAnalyticsPaths.summary,
    {
      schema: {
        tags,
        summary: "The owner's view of an agent's last 30 days: use by channel, askers, answers, feedback, unanswered and top questions, tokens",
        querystring: agentAnalyticsQuery,
        response: withErrorResponses({ 200: envelope(agentAnalytics) }),
      },
    },
    async (request) => ok(await analytics.summary(requestOwner(request), request.query.appId)),
  );

  app.get(
    agentAnalyticsPaths.csv,
    {
      schema: {
        tags,
        summary: "The same 30 days as CSV, one row a day (a download named after the agent and the period)",
        querystring: agentAnalyticsQuery,
        response: withErrorResponses({ 200: csvFileResponse }),
      },
    },
    async (request, reply) => {
      const { fileName, body } = await analytics.csv(requestOwner(request), request.query.appId);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', contentDisposition(fileName)).header('cache-control', 'no-store').send(body);
    },
  );
};
