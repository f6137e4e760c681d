import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chatArchive, chatArchiveExport, chatArchiveLimits, chatArchivePaths, clearChatsData, envelope, importChatsData } from '@parley/contracts';
import { ok, okStream } from '../http/ok.js';
import { requestOwner } from '../http/request-owner.js';
import { withErrorResponses } from '../http/route-schemas.js';

/** The chat history tools of the settings screen: export, import and clear every chat at once. */
export const chatArchiveRoutes: FastifyPluginAsyncZod = async (app) => {
  const archive = app.services.chatArchive;

  app.get(
    chatArchivePaths.export,
    {
      schema: {
        tags: ['chat'],
        summary: 'Every chat of the caller with its messages, as the JSON file the import takes (streamed: any number of chats)',
        response: withErrorResponses({ 200: envelope(chatArchiveExport) }),
      },
    },
    // streamed in the envelope, a page of chats at a time: the stream's bytes are the documented
    // envelope, but the type provider only knows objects, hence the cast
    async (request, reply) => reply.type('application/json; charset=utf-8').send(okStream(archive.exportAll(requestOwner(request))) as never),
  );

  app.post(
    chatArchivePaths.import,
    {
      // an archive may exceed the general body limit; the file limit is the one users are told
      bodyLimit: chatArchiveLimits.maxBytes,
      schema: {
        tags: ['chat'],
        summary: 'Add the chats of an exported file; a file with any bad or duplicate chat changes nothing',
        body: chatArchive,
        response: withErrorResponses({ 200: envelope(importChatsData) }),
      },
    },
    async (request) => ok(await archive.importAll(requestOwner(request), request.body)),
  );

  app.post(
    chatArchivePaths.clearAll,
    {
      schema: {
        tags: ['chat'],
        summary: 'Remove every chat of the caller from the history',
        response: withErrorResponses({ 200: envelope(clearChatsData) }),
      },
    },
    async (request) => ok(await archive.clearAll(requestOwner(request))),
  );
};
