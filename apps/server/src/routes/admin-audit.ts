import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminPaths, auditPage, envelope, listAuditQuery, operatorData } from '@parley/contracts';
import { ok } from '../http/ok.js';
import { requestOperator } from '../http/request-operator.js';
import { withErrorResponses } from '../http/route-schemas.js';

const tags = ['admin'];

/** Who is at the console, and the audit log of what operators changed. */
export const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  const audit = app.services.audit;

  app.get(
    adminPaths.me,
    { schema: { tags, summary: 'Operators: the operator signed in', response: withErrorResponses({ 200: envelope(operatorData) }) } },
    async (request) => {
      const operator = requestOperator(request);
      return ok({ id: operator.userId, username: operator.username });
    },
  );

  app.get(
    adminPaths.audit,
    {
      schema: {
        tags,
        summary: 'Operators: every change made from the console or the admin CLI, newest first',
        querystring: listAuditQuery,
        response: withErrorResponses({ 200: envelope(auditPage) }),
      },
    },
    async (request) => ok(await audit.list(request.query)),
  );
};
