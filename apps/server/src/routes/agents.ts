import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  agentDetail,
  agentDetailQuery,
  agentModelsData,
  agentPaths,
  builtInAvatarsData,
  createAgentRequest,
  deleteAgentRequest,
  discoverPage,
  discoverQuery,
  envelope,
  myAgentsData,
  previewAgentRequest,
  requestAgentReviewRequest,
  updateAgentRequest,
} from '@parley/contracts';
import { ok } from '../http/ok.js';
import { requestOwner } from '../http/request-owner.js';
import { eventStreamResponse, withErrorResponses } from '../http/route-schemas.js';
import { streamEvents } from '../http/event-stream.js';
import { ownerKey } from '../db/repos/owner-scope.js';

const tags = ['agents'];

/** Agents: create, edit, delete, discover, my agents, and the live preview (operators hide and restore agents in the console: routes/admin-agents.ts). */
export const agentRoutes: FastifyPluginAsyncZod = async (app) => {
  const agents = app.services.agents;
  const preview = app.services.agentPreview;

  app.post(
    agentPaths.create,
    {
      schema: {
        tags,
        summary: 'Create an agent (publishing to public runs the content check)',
        body: createAgentRequest,
        response: withErrorResponses({ 200: envelope(agentDetail) }),
      },
    },
    async (request) => ok(await agents.create(requestOwner(request), request.body)),
  );

  app.post(
    agentPaths.update,
    {
      schema: {
        tags,
        summary: "Replace an agent's configuration; its creator only",
        body: updateAgentRequest,
        response: withErrorResponses({ 200: envelope(agentDetail) }),
      },
    },
    async (request) => {
      const { id, ...input } = request.body;
      return ok(await agents.update(requestOwner(request), id, input));
    },
  );

  app.post(
    agentPaths.requestReview,
    {
      schema: {
        tags,
        summary: 'Save an agent the content check kept from public as private, for an operator to review (or publish one it lets through)',
        body: requestAgentReviewRequest,
        response: withErrorResponses({ 200: envelope(agentDetail) }),
      },
    },
    async (request) => {
      const { id, ...input } = request.body;
      return ok(await agents.requestReview(requestOwner(request), id, input));
    },
  );

  app.post(
    agentPaths.delete,
    {
      schema: {
        tags,
        summary: 'Delete an agent with its knowledge and share number; its creator only',
        body: deleteAgentRequest,
        response: withErrorResponses({ 200: envelope(z.null()) }),
      },
    },
    async (request) => {
      await agents.remove(requestOwner(request), request.body.id);
      return ok(null);
    },
  );

  app.get(
    agentPaths.detail,
    {
      schema: {
        tags,
        summary: "An agent's full configuration, for its creator's edit screen",
        querystring: agentDetailQuery,
        response: withErrorResponses({ 200: envelope(agentDetail) }),
      },
    },
    async (request) => ok(await agents.detail(requestOwner(request), request.query.id)),
  );

  app.get(
    agentPaths.discover,
    {
      schema: {
        tags,
        summary: 'Public agents: search, category, sort, keyset pages',
        querystring: discoverQuery,
        response: withErrorResponses({ 200: envelope(discoverPage) }),
      },
    },
    async (request) => ok(await agents.discover(request.query)),
  );

  app.get(
    agentPaths.mine,
    {
      schema: {
        tags,
        summary: "The caller's agents with their figures",
        response: withErrorResponses({ 200: envelope(myAgentsData) }),
      },
    },
    async (request) => ok(await agents.mine(requestOwner(request))),
  );

  app.get(
    agentPaths.models,
    {
      schema: {
        tags,
        summary: 'The models an agent may use',
        response: withErrorResponses({ 200: envelope(agentModelsData) }),
      },
    },
    async () => ok(agents.models()),
  );

  app.get(
    agentPaths.avatars,
    {
      schema: {
        tags,
        summary: 'The built-in avatars',
        response: withErrorResponses({ 200: envelope(builtInAvatarsData) }),
      },
    },
    async () => ok(agents.avatars()),
  );

  app.post(
    agentPaths.preview,
    {
      config: {
        rateLimit: {
          max: app.config.AGENT_PREVIEW_RATE_LIMIT,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) => `preview:${ownerKey(requestOwner(request))}`,
        },
      },
      schema: {
        tags,
        summary: 'Answer as a draft agent would, without saving anything; streams server-sent events',
        body: previewAgentRequest,
        response: withErrorResponses({ 200: eventStreamResponse }),
      },
    },
    async (request, reply) => {
      const prepared = await preview.prepare(requestOwner(request), request.body, request.log);
      return streamEvents(request, reply, (res, context) => preview.stream(prepared, res, context));
    },
  );
};
