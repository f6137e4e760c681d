import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, reportAnswerData, reportAnswerRequest, reportPaths } from '@parley/contracts';
import { ok } from '../http/ok.js';
import { requestOwner } from '../http/request-owner.js';
import { withErrorResponses } from '../http/route-schemas.js';

/** Reporting an answer to the operators. */
export const chatReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    reportPaths.reportAnswer,
    {
      schema: {
        tags: ['chat'],
        summary: "Report an answer in one's own chat to the site's operators (again: replaces the report)",
        body: reportAnswerRequest,
        response: withErrorResponses({ 200: envelope(reportAnswerData) }),
      },
    },
    async (request) => ok(await app.services.reports.reportAnswer(requestOwner(request), request.body)),
  );
};
