import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, siteConfig, siteConfigPath, sitePage, sitePagePath, sitePageQuery } from '@parley/contracts';
import { ok } from '../http/ok.js';
import { withErrorResponses } from '../http/route-schemas.js';

/** Public, token-free: what the web needs before its first API call, and the editable site pages. */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    siteConfigPath,
    {
      schema: {
        tags: ['site'],
        summary: 'Links, contacts, region gate settings and the ranking data constants (none secret)',
        response: withErrorResponses({ 200: envelope(siteConfig) }),
      },
    },
    async () => ok(await app.services.siteConfig.current()),
  );

  app.get(
    sitePagePath,
    {
      schema: {
        tags: ['site'],
        summary: 'An operator-edited page (usage, private, aboutUs) as Markdown, in the locale or en-US',
        querystring: sitePageQuery,
        response: withErrorResponses({ 200: envelope(sitePage) }),
      },
    },
    async (request) => ok(await app.services.sitePages.page(request.query.slug, request.query.locale)),
  );
};
