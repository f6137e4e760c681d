import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chatPaths, envelope, feedbackData, updateUserFeedbackRequest } from '@parley/contracts';
import { ok } from '../http/ok.js';
import { requestOwner } from '../http/request-owner.js';
import { withErrorResponses } from '../http/route-schemas.js';

/** Thumbs up or down and notes on an answer. */
export const chatFeedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    chatPaths.updateUserFeedback,
    {
      schema: {
        tags: ['chat'],
        summary: 'Rate an answer good or bad (false turns it off) and replace its notes',
        body: updateUserFeedbackRequest,
        response: withErrorResponses({ 200: envelope(feedbackData) }),
      },
    },
    async (request) => {
      const { appId, chatId, chatItemId, ...change } = request.body;
      return ok(await app.services.histories.updateFeedback(requestOwner(request), { appId, chatId, chatItemId }, change));
    },
  );
};
