import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminQualityPaths,
  answerUnansweredAsOperatorRequest,
  conversationQuery,
  dismissFeedbackRequest,
  envelope,
  feedbackPage,
  qualityConversation,
  qualityIdRequest,
  qualityListQuery,
  reportPage,
  unansweredPage,
} from '@parley/contracts';
import { ok } from '../http/ok.js';
import { requestOperator } from '../http/request-operator.js';
import { withErrorResponses } from '../http/route-schemas.js';

const tags = ['admin'];
const done = withErrorResponses({ 200: envelope(z.null()) });

/** The quality queue: unanswered questions, thumbs-down answers and reports, each with its conversation. */
export const adminQualityRoutes: FastifyPluginAsyncZod = async (app) => {
  const quality = app.services.quality;

  app.get(
    adminQualityPaths.unanswered,
    { schema: { tags, summary: 'Operators: open unanswered questions of every agent', querystring: qualityListQuery, response: withErrorResponses({ 200: envelope(unansweredPage) }) } },
    async (request) => ok(await quality.unanswered(request.query)),
  );

  app.post(
    adminQualityPaths.answerUnanswered,
    { schema: { tags, summary: "Operators: answer a question into its agent's knowledge", body: answerUnansweredAsOperatorRequest, response: withErrorResponses({ 200: envelope(z.object({ chunkId: z.string() })) }) } },
    async (request) => ok(await quality.answerUnanswered(requestOperator(request), request.body.id, request.body.answer)),
  );

  app.post(
    adminQualityPaths.dismissUnanswered,
    { schema: { tags, summary: 'Operators: close an unanswered question without an answer', body: qualityIdRequest, response: done } },
    async (request) => {
      await quality.dismissUnanswered(requestOperator(request), request.body.id);
      return ok(null);
    },
  );

  app.get(
    adminQualityPaths.feedback,
    { schema: { tags, summary: 'Operators: thumbs-down answers not set aside', querystring: qualityListQuery, response: withErrorResponses({ 200: envelope(feedbackPage) }) } },
    async (request) => ok(await quality.feedback(request.query)),
  );

  app.post(
    adminQualityPaths.dismissFeedback,
    { schema: { tags, summary: 'Operators: set a thumbs-down answer aside', body: dismissFeedbackRequest, response: done } },
    async (request) => {
      await quality.dismissFeedback(requestOperator(request), request.body.chatItemId);
      return ok(null);
    },
  );

  app.get(
    adminQualityPaths.reports,
    { schema: { tags, summary: 'Operators: open reports of answers', querystring: qualityListQuery, response: withErrorResponses({ 200: envelope(reportPage) }) } },
    async (request) => ok(await quality.reports(request.query)),
  );

  app.post(
    adminQualityPaths.dismissReport,
    { schema: { tags, summary: 'Operators: close a report without action', body: qualityIdRequest, response: done } },
    async (request) => {
      await quality.dismissReport(requestOperator(request), request.body.id);
      return ok(null);
    },
  );

  app.get(
    adminQualityPaths.conversation,
    { schema: { tags, summary: 'Operators: the conversation a message is in, read-only', querystring: conversationQuery, response: withErrorResponses({ 200: envelope(qualityConversation) }) } },
    async (request) => ok(await quality.conversation(request.query.chatItemId)),
  );
};
