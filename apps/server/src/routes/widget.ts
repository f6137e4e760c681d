import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  saveWidgetOriginsRequest,
  widgetConfigData,
  widgetConfigQuery,
  widgetPaths,
  widgetSettingsData,
  widgetSettingsQuery,
} from '@parley/contracts';
import { ok } from '../http/ok.js';
import { headerOf } from '../http/request-parts.js';
import { requestOwner } from '../http/request-owner.js';
import { withErrorResponses } from '../http/route-schemas.js';

const tags = ['chat widget'];

/** The owner's side of the widget: which websites may show the agent (contracts widget.ts). */
export const widgetSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const widgets = app.services.widgets;

  app.get(
    widgetPaths.settings,
    {
      schema: {
        tags,
        summary: "The websites allowed to show an agent's chat widget, for its owner",
        querystring: widgetSettingsQuery,
        response: withErrorResponses({ 200: envelope(widgetSettingsData) }),
      },
    },
    async (request) => ok(await widgets.settings(requestOwner(request), request.query.appId)),
  );

  app.post(
    widgetPaths.saveOrigins,
    {
      schema: {
        tags,
        summary: "Replace the websites allowed to show an agent's chat widget; an empty list turns the widget off",
        body: saveWidgetOriginsRequest,
        response: withErrorResponses({ 200: envelope(widgetSettingsData) }),
      },
    },
    async (request) => ok(await widgets.saveOrigins(requestOwner(request), request.body)),
  );
};

/** The `Origin` of a call from another website; null from this one (or from no browser). */
function crossOrigin(request: FastifyRequest): string | null {
  const origin = headerOf(request, 'origin');
  if (origin === undefined) return null;
  try {
    return new URL(origin).host === request.host ? null : origin;
  } catch {
    return origin;
  }
}

/** What the loader and the panel read, and the panel page framed only by the agent's websites. */
export const widgetRoutes: FastifyPluginAsyncZod = async (app) => {
  const widgets = app.services.widgets;

  app.get(
    widgetPaths.config,
    {
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: "What an agent's chat widget shows; another website's call is answered (with CORS) only when its owner listed it",
        querystring: widgetConfigQuery,
        response: withErrorResponses({ 200: envelope(widgetConfigData) }),
      },
    },
    async (request, reply) => {
      const origin = crossOrigin(request);
      reply.header('vary', 'Origin');
      const config = await widgets.config(request.query.appId, origin);
      if (origin !== null) reply.header('access-control-allow-origin', origin);
      return ok(config);
    },
  );

  app.get(
    widgetPaths.page,
    { schema: { hide: true, params: z.object({ appId: z.string() }) } },
    async (request, reply) => reply.allowFraming(await widgets.frameAncestors(request.params.appId)).sendWebPage('widget.html'),
  );
};
