import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, saveSettingsRequest, settingsData, settingsPaths } from '@parley/contracts';
import { AppError } from '../platform/app-error.js';
import { ok } from '../http/ok.js';
import { withErrorResponses } from '../http/route-schemas.js';

/** A logged-in user's settings; mounted under /api only (visitors keep theirs in the browser). */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = app.services.settings;
  const userIdOf = (identity: FastifyRequest['identity']) => {
    if (identity?.kind !== 'user') throw new AppError('UNAUTHORIZED');
    return identity.userId;
  };

  app.get(
    settingsPaths.get,
    {
      schema: {
        tags: ['settings'],
        summary: "The user's saved settings, or null when none were saved",
        response: withErrorResponses({ 200: envelope(settingsData) }),
      },
    },
    async (request) => ok(await settings.get(userIdOf(request.identity))),
  );

  app.post(
    settingsPaths.save,
    {
      schema: {
        tags: ['settings'],
        summary: "Replace the user's saved settings",
        body: saveSettingsRequest,
        response: withErrorResponses({ 200: envelope(settingsData) }),
      },
    },
    async (request) => ok(await settings.save(userIdOf(request.identity), request.body.settings)),
  );
};
