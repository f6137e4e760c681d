import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  agentKeyPaths,
  agentKeysData,
  agentKeysQuery,
  createAgentKeyRequest,
  createdAgentKeyData,
  envelope,
  revokeAgentKeyRequest,
  revokedAgentKeyData,
} from '@parley/contracts';
import { ok } from '../http/ok.js';
import { requestOwner } from '../http/request-owner.js';
import { withErrorResponses } from '../http/route-schemas.js';
import { ownerKey } from '../db/repos/owner-scope.js';

const tags = ['agent keys'];

/** API keys to an agent (contracts agent-keys.ts): its owner's, and every key for operators. */
export const agentKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const keys = app.services.agentKeys;

  app.get(
    agentKeyPaths.list,
    {
      schema: {
        tags,
        summary: "An agent's API keys, newest first, revoked ones included; never their secrets",
        querystring: agentKeysQuery,
        response: withErrorResponses({ 200: envelope(agentKeysData) }),
      },
    },
    async (request) => ok({ keys: await keys.list(requestOwner(request), request.query.appId) }),
  );

  app.post(
    agentKeyPaths.create,
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute', keyGenerator: (request: FastifyRequest) => `agent-keys:${ownerKey(requestOwner(request))}` } },
      schema: {
        tags,
        summary: 'Make an API key to an agent; its secret is in this answer and never again',
        body: createAgentKeyRequest,
        response: withErrorResponses({ 200: envelope(createdAgentKeyData) }),
      },
    },
    async (request) => ok(await keys.create(requestOwner(request), request.body)),
  );

  app.post(
    agentKeyPaths.revoke,
    {
      schema: {
        tags,
        summary: 'Revoke an API key: calls with it are refused at once (401)',
        body: revokeAgentKeyRequest,
        response: withErrorResponses({ 200: envelope(revokedAgentKeyData) }),
      },
    },
    async (request) => ok({ key: await keys.revoke(requestOwner(request), request.body.id) }),
  );

  app.get(
    agentKeyPaths.all,
    {
      schema: {
        tags,
        summary: "Operators: every agent's API keys, newest first",
        response: withErrorResponses({ 200: envelope(agentKeysData) }),
      },
    },
    async (request) => ok({ keys: await keys.all(requestOwner(request)) }),
  );
};
