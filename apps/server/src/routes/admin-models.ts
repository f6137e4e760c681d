import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminModelsPaths,
  changeKeywordsRequest,
  envelope,
  keywordList,
  keywordsChange,
  keywordsTestResult,
  modelsOverview,
  serviceCheckRequest,
  serviceCheckResult,
  testKeywordsRequest,
} from '@parley/contracts';
import { ok } from '../http/ok.js';
import { requestOperator } from '../http/request-operator.js';
import { withErrorResponses } from '../http/route-schemas.js';

const tags = ['admin'];

/** The console's model service page: the set-up, a live check, and the content check's keyword list. */
export const adminModelsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { models, keywordList: keywords } = app.services;

  app.get(
    adminModelsPaths.overview,
    { schema: { tags, summary: 'Operators: the models and services set up (no keys), with the answers and failures of each model today', response: withErrorResponses({ 200: envelope(modelsOverview) }) } },
    async () => ok(await models.overview()),
  );

  app.post(
    adminModelsPaths.check,
    {
      schema: {
        tags,
        summary: 'Operators: asks the model service or the embedding service something tiny now, and says how it went',
        body: serviceCheckRequest,
        response: withErrorResponses({ 200: envelope(serviceCheckResult) }),
      },
    },
    async (request) => ok(await models.check(request.body)),
  );

  app.get(
    adminModelsPaths.keywords,
    { schema: { tags, summary: 'Operators: the keyword list of the content check in force', response: withErrorResponses({ 200: envelope(keywordList) }) } },
    async () => ok(await keywords.list()),
  );

  const change = { tags, body: changeKeywordsRequest, response: withErrorResponses({ 200: envelope(keywordsChange) }) };
  app.post(
    adminModelsPaths.addKeywords,
    { schema: { ...change, summary: 'Operators: adds words to the keyword list (audited)' } },
    async (request) => ok(await keywords.add(requestOperator(request), request.body.keywords)),
  );
  app.post(
    adminModelsPaths.removeKeywords,
    { schema: { ...change, summary: 'Operators: takes words off the keyword list (audited)' } },
    async (request) => ok(await keywords.remove(requestOperator(request), request.body.keywords)),
  );

  app.post(
    adminModelsPaths.testKeywords,
    {
      schema: {
        tags,
        summary: 'Operators: whether a text contains a listed word, and which',
        body: testKeywordsRequest,
        response: withErrorResponses({ 200: envelope(keywordsTestResult) }),
      },
    },
    async (request) => ok(await keywords.test(request.body.text)),
  );
};
