import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminDashboardPaths, dashboardData, envelope } from '@parley/contracts';
import { ok } from '../http/ok.js';
import { withErrorResponses } from '../http/route-schemas.js';

const tags = ['admin'];

/** The console's dashboard: the site's last 30 days. */
export const adminDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const dashboard = app.services.dashboard;

  app.get(
    adminDashboardPaths.figures,
    {
      schema: {
        tags,
        summary: 'Operators: visitors, questions, answers, tokens, failures and knowledge jobs of the last 30 UTC days, day by day and in sum',
        response: withErrorResponses({ 200: envelope(dashboardData) }),
      },
    },
    async () => ok(await dashboard.figures()),
  );
};
