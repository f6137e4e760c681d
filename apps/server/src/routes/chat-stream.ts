import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { once } from 'node:events';
import {
  chatPaths,
  completionsRequest,
  envelope,
  regenerateRequest,
  resumeRequest,
  stopData,
  stopRequest,
} from '@parley/contracts';
import { ok } from '../http/ok.js';
import { requestOwner, sessionKeyOf } from '../http/request-owner.js';
import { withErrorResponses } from '../http/route-schemas.js';
import { eventStreamHeaders } from '../platform/sse-writer.js';
import type { PreparedAnswer } from '../services/chat/answer-stream.js';
import { ownerKey } from '../db/repos/owner-scope.js';

const eventStream = z
  .string()
  .describe('text/event-stream: start, citations, delta…, usage, then done or error (contracts sse.ts)');

/** Asking and regenerating answer as SSE; refusals before the stream are JSON envelopes. */
export const chatStreamRoutes: FastifyPluginAsyncZod = async (app) => {
  const chat = app.services.chat;
  // per user or visitor, so visitors behind one NAT do not share a budget
  const rateLimit = {
    max: app.config.CHAT_RATE_LIMIT,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => ownerKey(requestOwner(request)),
  };

  async function sendStream(request: FastifyRequest, reply: FastifyReply, prepared: PreparedAnswer) {
    reply.hijack();
    const receivedAt = performance.now() - reply.elapsedTime;
    const context = { log: request.log, metrics: app.chatMetrics, requestId: request.id, receivedAt };
    await chat.stream(prepared, reply.raw, context);
  }

  app.post(
    chatPaths.completions,
    {
      config: { rateLimit },
      schema: {
        tags: ['chat'],
        summary: 'Ask a question; the answer streams as server-sent events',
        body: completionsRequest,
        response: withErrorResponses({ 200: eventStream }),
      },
    },
    async (request, reply) =>
      sendStream(request, reply, await chat.ask(requestOwner(request), request.body, sessionKeyOf(request))),
  );

  app.post(
    chatPaths.regenerate,
    {
      config: { rateLimit },
      schema: {
        tags: ['chat'],
        summary: "Answer the chat's last question again, replacing its answer; streams like completions",
        body: regenerateRequest,
        response: withErrorResponses({ 200: eventStream }),
      },
    },
    async (request, reply) =>
      sendStream(request, reply, await chat.regenerate(requestOwner(request), request.body, sessionKeyOf(request))),
  );

  app.post(
    chatPaths.resume,
    {
      schema: {
        tags: ['chat'],
        summary: 'Resume an answer still streaming after a lost connection or a reload, from any instance',
        body: resumeRequest,
        response: withErrorResponses({ 200: eventStream }),
      },
    },
    async (request, reply) => {
      const gone = new AbortController();
      const events = await chat.resume(requestOwner(request), request.body.answerId, request.body.after, gone.signal);
      reply.hijack();
      const res = reply.raw;
      res.on('close', () => gone.abort());
      res.writeHead(200, { ...eventStreamHeaders, 'x-request-id': request.id });
      res.flushHeaders();
      request.log.info({ answerId: request.body.answerId, after: request.body.after }, 'answer stream resumed');
      try {
        for await (const { offset, event, data } of events) {
          if (res.destroyed) break;
          if (!res.write(`id: ${offset}\nevent: ${event}\ndata: ${data}\n\n`)) await once(res, 'drain', { signal: gone.signal });
        }
      } catch (error) {
        if (!gone.signal.aborted) request.log.warn({ err: error }, 'resumed answer stream failed');
      }
      gone.abort();
      if (!res.writableEnded) res.end();
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
