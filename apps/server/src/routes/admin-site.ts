import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSitePaths, envelope, regionRules, resetSiteSettingRequest, sidebarSettings, siteSettingsView } from '@parley/contracts';
import { ok } from '../http/ok.js';
import { requestOperator } from '../http/request-operator.js';
import { withErrorResponses } from '../http/route-schemas.js';

const tags = ['admin'];
const answer = withErrorResponses({ 200: envelope(siteSettingsView) });

/** The sidebar's links and contact details and the region rules: saved in the console over the configuration's. */
export const adminSiteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { siteSettings } = app.services;

  app.get(
    adminSitePaths.settings,
    { schema: { tags, summary: 'Operators: the sidebar links, contact details and region rules, and where each group comes from', response: answer } },
    async () => ok(await siteSettings.view()),
  );

  app.post(
    adminSitePaths.saveSidebar,
    { schema: { tags, summary: "Operators: save the sidebar's links and contact details over the configuration's", body: sidebarSettings, response: answer } },
    async (request) => ok(await siteSettings.saveSidebar(requestOperator(request), request.body)),
  );

  app.post(
    adminSitePaths.saveRegion,
    { schema: { tags, summary: "Operators: save the region rules over the configuration's", body: regionRules, response: answer } },
    async (request) => ok(await siteSettings.saveRegion(requestOperator(request), request.body)),
  );

  app.post(
    adminSitePaths.reset,
    { schema: { tags, summary: "Operators: a group of site settings goes back to the configuration's", body: resetSiteSettingRequest, response: answer } },
    async (request) => ok(await siteSettings.reset(requestOperator(request), request.body.group)),
  );
};
