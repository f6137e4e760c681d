import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  chatPaths,
  completionsRequest,
  continueRequest,
  envelope,
  regenerateRequest,
  resumeRequest,
  stopData,
  stopRequest,
} from '@parley/contracts';
import { ok } from '../http/ok.js';
import { requestOwner, sessionKeyOf } from '../http/request-owner.js';
import { eventStreamResponse, withErrorResponses } from '../http/route-schemas.js';
import { streamEvents } from '../http/event-stream.js';
import { ownerKey } from '../db/repos/owner-scope.js';


/** Asking and regenerating answer as SSE; refusals before the stream are JSON envelopes. */
export const chatStreamRoutes: FastifyPluginAsyncZod = async (app) => {
  const chat = app.services.chat;
  // per user or visitor, so visitors behind one NAT do not share a budget
  const rateLimit = {
    max: app.config.CHAT_RATE_LIMIT,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => ownerKey(requestOwner(request)),
  };

  app.post(
    chatPaths.completions,
    {
      config: { rateLimit },
      schema: {
        tags: ['chat'],
        summary: 'Ask a question; the answer streams as server-sent events',
        body: completionsRequest,
        response: withErrorResponses({ 200: eventStreamResponse }),
      },
    },
    async (request, reply) => {
      const prepared = await chat.ask(requestOwner(request), request.body, sessionKeyOf(request), request.log);
      return streamEvents(request, reply, (res, context) => chat.stream(prepared, res, context));
    },
  );

  app.post(
    chatPaths.regenerate,
    {
      config: { rateLimit },
      schema: {
        tags: ['chat'],
        summary: "Answer the chat's last question again, replacing its answer; streams like completions",
        body: regenerateRequest,
        response: withErrorResponses({ 200: eventStreamResponse }),
      },
    },
    async (request, reply) => {
      const prepared = await chat.regenerate(requestOwner(request), request.body, sessionKeyOf(request));
      return streamEvents(request, reply, (res, context) => chat.stream(prepared, res, context));
    },
  );

  app.post(
    chatPaths.continue,
    {
      config: { rateLimit },
      schema: {
        tags: ['chat'],
        summary: "Continue the chat's last answer where the output limit cut it; the new text streams like completions and is appended",
        body: continueRequest,
        response: withErrorResponses({ 200: eventStreamResponse }),
      },
    },
    async (request, reply) => {
      const prepared = await chat.continueAnswer(requestOwner(request), request.body, sessionKeyOf(request));
      return streamEvents(request, reply, (res, context) => chat.stream(prepared, res, context));
    },
  );

  app.post(
    chatPaths.resume,
    {
      schema: {
        tags: ['chat'],
        summary: 'Resume an answer still streaming after a lost connection or a reload, from any instance',
        body: resumeRequest,
        response: withErrorResponses({ 200: eventStreamResponse }),
      },
    },
    async (request, reply) => {
      const prepared = await chat.resume(requestOwner(request), request.body);
      return streamEvents(request, reply, (res, context) => chat.replay(prepared, res, context));
    },
  );

  app.post(
    chatPaths.stop,
    {
      schema: {
        tags: ['chat'],
        summary: "Stop Responding: end the chat's answer stream, keeping what was written",
        body: stopRequest,
        response: withErrorResponses({ 200: envelope(stopData) }),
      },
    },
    async (request) => ok(await chat.stop(requestOwner(request), request.body.chatId)),
  );
};
