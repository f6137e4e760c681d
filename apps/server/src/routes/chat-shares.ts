import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  chatShareInfo,
  chatShareList,
  chatSharePaths,
  createChatShareRequest,
  envelope,
  getChatShareQuery,
  listChatSharesQuery,
  revokeChatShareRequest,
  sharedConversation,
} from '@parley/contracts';
import { ok } from '../http/ok.js';
import { requestOwner } from '../http/request-owner.js';
import { withErrorResponses } from '../http/route-schemas.js';

/** Conversation share links: made, listed and revoked by the chat's owner, read by anyone with the code. */
export const chatShareRoutes: FastifyPluginAsyncZod = async (app) => {
  const shares = app.services.chatShares;

  app.post(
    chatSharePaths.create,
    {
      schema: {
        tags: ['chat shares'],
        summary: 'Freeze a chat as it is now behind a new share link',
        body: createChatShareRequest,
        response: withErrorResponses({ 200: envelope(chatShareInfo) }),
      },
    },
    async (request) => ok(await shares.create(requestOwner(request), request.body.chatId)),
  );

  app.get(
    chatSharePaths.list,
    {
      schema: {
        tags: ['chat shares'],
        summary: "The caller's live share links, newest first",
        querystring: listChatSharesQuery,
        response: withErrorResponses({ 200: envelope(chatShareList) }),
      },
    },
    async (request) => ok(await shares.list(requestOwner(request), request.query.chatId)),
  );

  app.post(
    chatSharePaths.revoke,
    {
      schema: {
        tags: ['chat shares'],
        summary: 'Stop a share link from working',
        body: revokeChatShareRequest,
        response: withErrorResponses({ 200: envelope(z.null()) }),
      },
    },
    async (request) => {
      await shares.revoke(requestOwner(request), request.body.shareCode);
      return ok(null);
    },
  );

  app.get(
    chatSharePaths.get,
    {
      schema: {
        tags: ['chat shares'],
        summary: 'The frozen conversation behind a share code, for any caller',
        querystring: getChatShareQuery,
        response: withErrorResponses({ 200: envelope(sharedConversation) }),
      },
    },
    async (request) => ok(await shares.open(requestOwner(request), request.query.shareCode)),
  );
};
