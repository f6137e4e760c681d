import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  chatInitData,
  chatInitQuery,
  chatItemsData,
  chatItemsQuery,
  chatPaths,
  envelope,
  homeInitData,
  homeInitQuery,
  sessionGetData,
  sessionGetQuery,
} from '@parley/contracts';
import { ok } from '../http/ok.js';
import { requestOwner } from '../http/request-owner.js';
import { withErrorResponses } from '../http/route-schemas.js';

/** Opening the chat screen: the official assistant, the current chat, a chat and its messages. */
export const chatInitRoutes: FastifyPluginAsyncZod = async (app) => {
  const histories = app.services.histories;

  app.get(
    chatPaths.homeInit,
    {
      schema: {
        tags: ['chat'],
        summary: 'The official assistant as the home page shows it',
        querystring: homeInitQuery,
        response: withErrorResponses({ 200: envelope(homeInitData) }),
      },
    },
    async (request) => ok(await histories.homeInit(requestOwner(request))),
  );

  app.get(
    chatPaths.sessionGet,
    {
      schema: {
        tags: ['chat'],
        summary: "The caller's most recent chat with the official assistant, if any",
        querystring: sessionGetQuery,
        response: withErrorResponses({ 200: envelope(sessionGetData) }),
      },
    },
    async (request) => ok(await histories.currentSession(requestOwner(request))),
  );

  app.get(
    chatPaths.chatInit,
    {
      schema: {
        tags: ['chat'],
        summary: 'An app (the official assistant by default) and, with chatId, its newest messages',
        querystring: chatInitQuery,
        response: withErrorResponses({ 200: envelope(chatInitData) }),
      },
    },
    async (request) => ok(await histories.chatInit(requestOwner(request), request.query)),
  );

  app.get(
    chatPaths.chatItems,
    {
      schema: {
        tags: ['chat'],
        summary: 'An older page of messages (before a message), oldest first',
        querystring: chatItemsQuery,
        response: withErrorResponses({ 200: envelope(chatItemsData) }),
      },
    },
    async (request) => ok(await histories.chatItems(requestOwner(request), request.query)),
  );
};
