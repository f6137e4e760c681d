import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, promptLimits, promptListData, promptPaths, savePromptsRequest } from '@parley/contracts';
import { AppError } from '../platform/app-error.js';
import { ok } from '../http/ok.js';
import { withErrorResponses } from '../http/route-schemas.js';

/** A logged-in user's prompt store; mounted under /api only (visitors keep theirs in the browser). */
export const promptStoreRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = app.services.promptStore;
  const userIdOf = (identity: FastifyRequest['identity']) => {
    if (identity?.kind !== 'user') throw new AppError('UNAUTHORIZED');
    return identity.userId;
  };

  app.get(
    promptPaths.list,
    {
      schema: {
        tags: ['prompts'],
        summary: "The user's saved prompt store, newest first (empty when never saved)",
        response: withErrorResponses({ 200: envelope(promptListData) }),
      },
    },
    async (request) => ok(await store.list(userIdOf(request.identity))),
  );

  app.post(
    promptPaths.save,
    {
      bodyLimit: promptLimits.saveMaxBytes,
      schema: {
        tags: ['prompts'],
        summary: "Replace the user's saved prompt store; repeated titles or contents are refused",
        body: savePromptsRequest,
        response: withErrorResponses({ 200: envelope(promptListData) }),
      },
    },
    async (request) => ok(await store.save(userIdOf(request.identity), request.body.prompts)),
  );
};
