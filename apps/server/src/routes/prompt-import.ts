import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, importPromptUrlData, importPromptUrlRequest, promptPaths } from '@parley/contracts';
import { ok } from '../http/ok.js';
import { requestOwner } from '../http/request-owner.js';
import { withErrorResponses } from '../http/route-schemas.js';
import { ownerKey } from '../db/repos/owner-scope.js';

/** Imports per user or visitor per minute: each one makes the server fetch a remote URL. */
const importsPerMinute = 10;

export const promptImportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    promptPaths.importUrl,
    {
      config: {
        rateLimit: { max: importsPerMinute, timeWindow: '1 minute', keyGenerator: (request: FastifyRequest) => ownerKey(requestOwner(request)) },
      },
      schema: {
        tags: ['prompts'],
        summary: 'Fetch a public http(s) JSON prompt list for the prompt store',
        body: importPromptUrlRequest,
        response: withErrorResponses({ 200: envelope(importPromptUrlData) }),
      },
    },
    async (request) => ok(await app.services.promptImport.fetchList(request.body.url, request.log)),
  );
};
