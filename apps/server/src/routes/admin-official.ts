import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminAgentParams,
  adminAgentsPaths,
  envelope,
  officialData,
  officialFaqData,
  officialFaqEntry,
  officialFaqInput,
  updateOfficialRequest,
} from '@parley/contracts';
import { ok } from '../http/ok.js';
import { requestOperator } from '../http/request-operator.js';
import { withErrorResponses } from '../http/route-schemas.js';

const tags = ['admin'];
const profile = withErrorResponses({ 200: envelope(officialData) });
const entry = withErrorResponses({ 200: envelope(officialFaqEntry) });

/** The console's official assistant: its profile over the built-in texts, and its operator FAQ. */
export const adminOfficialRoutes: FastifyPluginAsyncZod = async (app) => {
  const official = app.services.official;

  app.get(adminAgentsPaths.official, { schema: { tags, summary: "Operators: the official assistant's profile", response: profile } }, async () => ok(await official.get()));

  app.post(
    adminAgentsPaths.official,
    { schema: { tags, summary: 'Operators: change the official assistant (null: back to the built-in text)', body: updateOfficialRequest, response: profile } },
    async (request) => ok(await official.update(requestOperator(request), request.body)),
  );

  app.get(
    adminAgentsPaths.officialFaq,
    { schema: { tags, summary: "Operators: the official assistant's operator FAQ", response: withErrorResponses({ 200: envelope(officialFaqData) }) } },
    async () => ok(await official.faq()),
  );

  app.post(
    adminAgentsPaths.officialFaq,
    { schema: { tags, summary: 'Operators: add an FAQ entry', body: officialFaqInput, response: entry } },
    async (request) => ok(await official.addFaq(requestOperator(request), request.body)),
  );

  app.put(
    adminAgentsPaths.officialFaqEntry,
    { schema: { tags, summary: 'Operators: change an FAQ entry', params: adminAgentParams, body: officialFaqInput, response: entry } },
    async (request) => ok(await official.updateFaq(requestOperator(request), request.params.id, request.body)),
  );

  app.delete(
    adminAgentsPaths.officialFaqEntry,
    { schema: { tags, summary: 'Operators: remove an FAQ entry', params: adminAgentParams, response: withErrorResponses({ 200: envelope(z.null()) }) } },
    async (request) => {
      await official.removeFaq(requestOperator(request), request.params.id);
      return ok(null);
    },
  );
};
