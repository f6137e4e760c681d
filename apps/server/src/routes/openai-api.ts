import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  agentKeyMarker,
  headers,
  openAIChatCompletion,
  openAIChatRequest,
  openAIError,
  openAIModelList,
  openAIPaths,
  type OpenAIModelList,
} from '@parley/contracts';
import type { AgentKeyInUse } from '../db/repos/agent-key-repo.js';
import { streamEvents } from '../http/event-stream.js';
import { OpenAIAnswerWriter } from '../http/openai-answer-writer.js';
import { headerOf } from '../http/request-parts.js';
import { createRateCounter } from '../platform/rate-counter.js';
import { OpenAIRefusal, readAgentQuestion } from '../services/chat/openai-request.js';
import { toAppError } from '../plugins/errors.js';
import type { AppError } from '../platform/app-error.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The agent key a `/v1` call carries, once checked. */
    agentKey: AgentKeyInUse | null;
  }
}

const tags = ['OpenAI-compatible API'];
const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'authorization, content-type, openai-organization, openai-project, x-stainless-arch, x-stainless-lang, x-stainless-os, x-stainless-package-version, x-stainless-retry-count, x-stainless-runtime, x-stainless-runtime-version, x-stainless-timeout',
  'access-control-expose-headers': 'x-request-id, retry-after',
};
const minuteMs = 60_000;

/** Parley's refusals in OpenAI's words and status codes. */
function fromAppError(error: AppError): OpenAIRefusal {
  switch (error.errorName) {
    case 'VALIDATION':
      return new OpenAIRefusal(400, 'invalid_request_error', null, error.message);
    case 'QUESTION_REFUSED':
      return new OpenAIRefusal(400, 'invalid_request_error', 'content_policy_violation', error.message, 'messages');
    case 'APP_UNAVAILABLE':
      return new OpenAIRefusal(404, 'invalid_request_error', 'model_not_found', error.message, 'model');
    case 'RATE_LIMITED':
      return new OpenAIRefusal(429, 'rate_limit_error', 'rate_limit_exceeded', error.message);
    default:
      if (error.statusCode >= 500) return new OpenAIRefusal(error.statusCode, 'server_error', null, error.message);
      return new OpenAIRefusal(error.statusCode, 'invalid_request_error', null, error.message);
  }
}

function sendRefusal(reply: FastifyReply, refusal: OpenAIRefusal) {
  if (refusal.retryAfterSeconds !== null) reply.header('retry-after', String(refusal.retryAfterSeconds));
  return reply.code(refusal.status).type('application/json; charset=utf-8').send(refusal.body);
}

function bearerOf(request: FastifyRequest): string | undefined {
  return headerOf(request, headers.authorization)?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
}

/**
 * The OpenAI-compatible API to one agent (contracts openai-api.ts), mounted at `/v1`: the agent
 * key in `Authorization: Bearer`, its rate and monthly budget, then the same answer relay as
 * the site's chat, written in OpenAI's shapes. Every refusal is an OpenAI error.
 */
export const openAIRoutes: FastifyPluginAsyncZod = async (app) => {
  const keys = app.services.agentKeys;
  const chat = app.services.chat;
  const calls = createRateCounter(app.services.counters, 'api-key-calls:');

  app.decorateRequest('agentKey', null);

  app.setErrorHandler((error: unknown, request, reply) => {
    const refusal = error instanceof OpenAIRefusal ? error : fromAppError(toAppError(error));
    if (refusal.status >= 500) request.log.error({ err: error }, 'API request failed');
    else request.log.info({ status: refusal.status, reason: refusal.message }, 'API request refused');
    return sendRefusal(reply, refusal);
  });

  app.setNotFoundHandler((request, reply) =>
    sendRefusal(reply, new OpenAIRefusal(404, 'invalid_request_error', 'unknown_url', `Unrecognized request URL (${request.method} ${request.url}). This API offers POST /v1/chat/completions and GET /v1/models.`)),
  );

  // Browser clients (chat front ends that call OpenAI from the page) may call too: the key in the
  // Authorization header is the credential, never a cookie, so any origin may send one.
  app.addHook('onRequest', async (request, reply) => {
    for (const [name, value] of Object.entries(corsHeaders)) reply.raw.setHeader(name, value);
  });
  app.options('/*', { schema: { hide: true } }, async (_request, reply) => reply.code(204).header('access-control-max-age', '86400').send());

  app.addHook('onRequest', async (request) => {
    if (request.method === 'OPTIONS') return;
    const secret = bearerOf(request);
    if (!secret) {
      throw new OpenAIRefusal(
        401,
        'invalid_request_error',
        'invalid_api_key',
        `No API key was sent. Send an agent's key as "Authorization: Bearer ${agentKeyMarker}…"; the agent's owner makes keys on the agent's page in Parley.`,
      );
    }
    const key = await keys.authenticate(secret);
    if (!key) {
      throw new OpenAIRefusal(401, 'invalid_request_error', 'invalid_api_key', `Incorrect API key provided: ${secret.slice(0, 7)}…. It is unknown or was revoked.`);
    }
    request.agentKey = key;
  });

  /** The key's calls a minute and tokens a month; a refusal says which and when to ask again. */
  async function withinLimits(key: AgentKeyInUse) {
    if (key.monthlyTokens !== null && key.tokensThisMonth >= key.monthlyTokens) {
      throw new OpenAIRefusal(
        429,
        'insufficient_quota',
        'insufficient_quota',
        `This key has used its monthly budget of ${key.monthlyTokens} tokens. The agent's owner can make a key with a larger budget; the budget starts again on the 1st (UTC).`,
      );
    }
    const rate = await calls.hit(key.id, key.ratePerMinute, minuteMs);
    if (!rate.allowed) {
      throw new OpenAIRefusal(
        429,
        'rate_limit_error',
        'rate_limit_exceeded',
        `This key is limited to ${key.ratePerMinute} calls a minute. Try again in ${Math.ceil(rate.retryAfterMs / 1000)} s.`,
        null,
        Math.max(1, Math.ceil(rate.retryAfterMs / 1000)),
      );
    }
  }

  function checkedKey(request: FastifyRequest): AgentKeyInUse {
    if (!request.agentKey) throw new OpenAIRefusal(401, 'invalid_request_error', 'invalid_api_key', 'No API key was sent.');
    return request.agentKey;
  }

  app.get(
    openAIPaths.models,
    {
      schema: {
        tags,
        summary: 'The model this key reaches: its agent, by id',
        security: [{ agentKey: [] }],
        response: { 200: openAIModelList, 401: openAIError, 404: openAIError },
      },
    },
    async (request): Promise<OpenAIModelList> => {
      const key = checkedKey(request);
      const agent = await keys.agentFor(key);
      return { object: 'list', data: [{ id: agent.row.id, object: 'model', created: Math.floor(agent.row.createdAt.getTime() / 1000), owned_by: agent.creatorName ?? 'parley' }] };
    },
  );

  app.post(
    openAIPaths.chatCompletions,
    {
      schema: {
        tags,
        summary: "Ask the key's agent, in OpenAI's chat-completions shape; `stream: true` answers as chat.completion.chunk events",
        description: 'Streaming (`stream: true`): `text/event-stream` of `data: <chat.completion.chunk>` lines, then `data: [DONE]`; a failure after the first chunk is a `data: {"error": …}` line.',
        security: [{ agentKey: [] }],
        body: openAIChatRequest,
        response: { 200: openAIChatCompletion, 400: openAIError, 401: openAIError, 404: openAIError, 429: openAIError, 500: openAIError, 503: openAIError },
      },
    },
    async (request, reply) => {
      const key = checkedKey(request);
      const agent = await keys.agentFor(key);
      const asked = readAgentQuestion(request.body, agent.row.id);
      await withinLimits(key);
      keys.touch(key).catch((error: unknown) => request.log.warn({ err: error }, 'noting an API key use failed'));
      const prepared = await chat.askByKey({ userId: null, visitorId: key.visitorId }, agent, asked, request.log);
      const options = { stream: asked.stream, includeUsage: asked.includeUsage, model: agent.row.id };
      return streamEvents(request, reply, (res, context) => chat.streamTo(prepared, new OpenAIAnswerWriter(res, options), context));
    },
  );
};
