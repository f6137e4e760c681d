import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answerUnansweredRequest,
  createKnowledgeEntryRequest,
  deleteKnowledgeEntryRequest,
  dismissUnansweredRequest,
  envelope,
  knowledgeAppQuery,
  knowledgeChunk,
  knowledgeChunksData,
  knowledgeChunksQuery,
  knowledgeEntriesQuery,
  knowledgeFile,
  knowledgeFileRequest,
  knowledgeFilesData,
  knowledgeLimits,
  knowledgePaths,
  knowledgeSearchData,
  knowledgeSearchRequest,
  knowledgeUploadData,
  knowledgeUploadForm,
  unansweredData,
  updateKnowledgeEntryRequest,
} from '@parley/contracts';
import { AppError } from '../platform/app-error.js';
import { receiveKnowledgeUpload } from '../http/knowledge-upload.js';
import { ok } from '../http/ok.js';
import { requestOwner } from '../http/request-owner.js';
import { withErrorResponses } from '../http/route-schemas.js';
import { ownerKey } from '../db/repos/owner-scope.js';

const tags = ['knowledge'];
/** Parts past this many end the upload (413); up to it, files past filesPerUpload are turned away one by one. */
const maxFileParts = knowledgeLimits.filesPerUpload * 5;

/** An agent's knowledge: files, their chunks, manual entries, the retrieval test and unanswered questions (contracts knowledge.ts). */
export const knowledgeRoutes: FastifyPluginAsyncZod = async (app) => {
  const maxFileBytes = app.config.KNOWLEDGE_MAX_FILE_BYTES;
  // a file over the limit is cut off and turned away alone (throwFileSizeLimit false), the others go on
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: maxFileBytes, files: maxFileParts, fields: 10, fieldSize: 1024, parts: maxFileParts + 10 },
  });
  const knowledge = app.services.knowledge;

  app.post(
    knowledgePaths.upload,
    {
      config: {
        rateLimit: { max: 60, timeWindow: '1 minute', keyGenerator: (request: FastifyRequest) => `knowledge-upload:${ownerKey(requestOwner(request))}` },
        multipartForm: knowledgeUploadForm,
      },
      schema: {
        tags,
        summary: "Upload files to an agent's knowledge: an appId field, then file parts; each is checked by content and queued, or turned away alone",
        response: withErrorResponses({ 200: envelope(knowledgeUploadData) }),
      },
    },
    async (request) => {
      const owner = requestOwner(request);
      if (owner.userId === null) throw new AppError('LOGIN_REQUIRED');
      if (!request.isMultipart()) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the files as multipart/form-data: an "appId" field, then "file" parts.');
      }
      return ok(await receiveKnowledgeUpload(request.parts(), (appId) => knowledge.openUpload(owner, appId)));
    },
  );

  app.get(
    knowledgePaths.files,
    {
      schema: {
        tags,
        summary: "An agent's files, newest first, with its totals, the limits in force and whether retrieval is hybrid",
        querystring: knowledgeAppQuery,
        response: withErrorResponses({ 200: envelope(knowledgeFilesData) }),
      },
    },
    async (request) => ok(await knowledge.files(requestOwner(request), request.query.appId)),
  );

  app.post(
    knowledgePaths.deleteFile,
    {
      schema: { tags, summary: 'Delete a file and its chunks', body: knowledgeFileRequest, response: withErrorResponses({ 200: envelope(z.null()) }) },
    },
    async (request) => {
      await knowledge.deleteFile(requestOwner(request), request.body.appId, request.body.fileId);
      return ok(null);
    },
  );

  app.post(
    knowledgePaths.reindexFile,
    {
      schema: {
        tags,
        summary: 'Process a ready or failed file again; its chunks are replaced at once when it is ready',
        body: knowledgeFileRequest,
        response: withErrorResponses({ 200: envelope(knowledgeFile) }),
      },
    },
    async (request) => ok(await knowledge.reindexFile(requestOwner(request), request.body.appId, request.body.fileId)),
  );

  app.get(
    knowledgePaths.chunks,
    {
      schema: {
        tags,
        summary: "A file's chunks in order, a page at a time",
        querystring: knowledgeChunksQuery,
        response: withErrorResponses({ 200: envelope(knowledgeChunksData) }),
      },
    },
    async (request) => ok(await knowledge.chunks(requestOwner(request), request.query.appId, request.query.fileId, request.query.cursor)),
  );

  app.get(
    knowledgePaths.entries,
    {
      schema: {
        tags,
        summary: 'Q&A pairs and passages typed in by the owner, newest first',
        querystring: knowledgeEntriesQuery,
        response: withErrorResponses({ 200: envelope(knowledgeChunksData) }),
      },
    },
    async (request) => ok(await knowledge.entries(requestOwner(request), request.query.appId, request.query.cursor)),
  );

  app.post(
    knowledgePaths.createEntry,
    {
      schema: {
        tags,
        summary: 'Add a Q&A pair or a passage',
        body: createKnowledgeEntryRequest,
        response: withErrorResponses({ 200: envelope(knowledgeChunk) }),
      },
    },
    async (request) => ok(await knowledge.createEntry(requestOwner(request), request.body.appId, request.body.entry)),
  );

  app.post(
    knowledgePaths.updateEntry,
    {
      schema: {
        tags,
        summary: 'Replace a Q&A pair or a passage typed in by the owner',
        body: updateKnowledgeEntryRequest,
        response: withErrorResponses({ 200: envelope(knowledgeChunk) }),
      },
    },
    async (request) => ok(await knowledge.updateEntry(requestOwner(request), request.body.appId, request.body.id, request.body.entry)),
  );

  app.post(
    knowledgePaths.deleteEntry,
    {
      schema: { tags, summary: 'Delete an entry typed in by the owner', body: deleteKnowledgeEntryRequest, response: withErrorResponses({ 200: envelope(z.null()) }) },
    },
    async (request) => {
      await knowledge.deleteEntry(requestOwner(request), request.body.appId, request.body.id);
      return ok(null);
    },
  );

  app.post(
    knowledgePaths.search,
    {
      schema: {
        tags,
        summary: 'The passages the chat would use for a question, with their scores and the threshold',
        body: knowledgeSearchRequest,
        response: withErrorResponses({ 200: envelope(knowledgeSearchData) }),
      },
    },
    async (request) => ok(await knowledge.search(requestOwner(request), request.body.appId, request.body.question, request.body.limit)),
  );

  app.get(
    knowledgePaths.unanswered,
    {
      schema: {
        tags,
        summary: 'Questions the agent found no reliable source for, most asked first',
        querystring: knowledgeAppQuery,
        response: withErrorResponses({ 200: envelope(unansweredData) }),
      },
    },
    async (request) => ok(await knowledge.unanswered(requestOwner(request), request.query.appId)),
  );

  app.post(
    knowledgePaths.answerUnanswered,
    {
      schema: {
        tags,
        summary: 'Answer an unanswered question as a new Q&A entry, in one step',
        body: answerUnansweredRequest,
        response: withErrorResponses({ 200: envelope(knowledgeChunk) }),
      },
    },
    async (request) => ok(await knowledge.answerUnanswered(requestOwner(request), request.body.appId, request.body.id, request.body.answer)),
  );

  app.post(
    knowledgePaths.dismissUnanswered,
    {
      schema: { tags, summary: 'Drop an unanswered question from the list', body: dismissUnansweredRequest, response: withErrorResponses({ 200: envelope(z.null()) }) },
    },
    async (request) => {
      await knowledge.dismissUnanswered(requestOwner(request), request.body.appId, request.body.id);
      return ok(null);
    },
  );
};
