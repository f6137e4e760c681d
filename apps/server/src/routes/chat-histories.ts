import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  chatHistoryItem,
  chatPaths,
  clearHistoriesQuery,
  conversationListQuery,
  delHistoryQuery,
  deleteItemRequest,
  envelope,
  getHistoriesRequest,
  historyPage,
  updateHistoryRequest,
} from '@parley/contracts';
import { ok } from '../http/ok.js';
import { requestOwner } from '../http/request-owner.js';
import { withErrorResponses } from '../http/route-schemas.js';

const done = withErrorResponses({ 200: envelope(z.null()) });

/** History lists (official conversations, agents history) and managing one's chats and messages. */
export const chatHistoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const histories = app.services.histories;

  app.get(
    chatPaths.conversationList,
    {
      schema: {
        tags: ['chat'],
        summary: "The caller's chats with the official assistant, pinned first, then newest",
        querystring: conversationListQuery,
        response: withErrorResponses({ 200: envelope(historyPage) }),
      },
    },
    async (request) => ok(await histories.officialConversations(requestOwner(request), request.query)),
  );

  app.post(
    chatPaths.getHistories,
    {
      schema: {
        tags: ['chat'],
        summary: "The caller's chats with agents, pinned first, then newest",
        body: getHistoriesRequest,
        response: withErrorResponses({ 200: envelope(historyPage) }),
      },
    },
    async (request) => ok(await histories.agentHistories(requestOwner(request), request.body)),
  );

  app.post(
    chatPaths.updateHistory,
    {
      schema: {
        tags: ['chat'],
        summary: 'Pin, unpin or rename a chat',
        body: updateHistoryRequest,
        response: withErrorResponses({ 200: envelope(chatHistoryItem) }),
      },
    },
    async (request) => ok(await histories.updateHistory(requestOwner(request), request.body)),
  );

  app.get(
    chatPaths.delHistory,
    {
      schema: { tags: ['chat'], summary: 'Delete a chat from the history', querystring: delHistoryQuery, response: done },
    },
    async (request) => {
      await histories.deleteHistory(requestOwner(request), request.query);
      return ok(null);
    },
  );

  app.get(
    chatPaths.clearHistories,
    {
      schema: { tags: ['chat'], summary: 'Remove every message of a chat; the chat stays', querystring: clearHistoriesQuery, response: done },
    },
    async (request) => {
      await histories.clearMessages(requestOwner(request), request.query.id);
      return ok(null);
    },
  );

  app.post(
    chatPaths.deleteItem,
    {
      schema: { tags: ['chat'], summary: 'Delete one message of a chat', body: deleteItemRequest, response: done },
    },
    async (request) => {
      await histories.deleteItem(requestOwner(request), request.body);
      return ok(null);
    },
  );
};
