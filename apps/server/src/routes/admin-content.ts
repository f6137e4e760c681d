import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminContentPaths,
  announcementData,
  announcementList,
  brokerImportPreview,
  brokerImportResult,
  editablePage,
  envelope,
  importBrokersRequest,
  pageQuery,
  postAnnouncementAsOperatorRequest,
  previewBrokersRequest,
  savePageRequest,
} from '@parley/contracts';
import { ok } from '../http/ok.js';
import { requestOperator } from '../http/request-operator.js';
import { withErrorResponses } from '../http/route-schemas.js';

const tags = ['admin'];

/** Site content: broker data after a preview, the site pages per language, announcements. */
export const adminContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { content, brokerImport } = app.services;

  app.post(
    adminContentPaths.previewBrokers,
    { schema: { tags, summary: 'Operators: what importing a broker file would add and change; writes nothing', body: previewBrokersRequest, response: withErrorResponses({ 200: envelope(brokerImportPreview) }) } },
    async (request) => ok(await brokerImport.preview(request.body.fileName, request.body.text)),
  );

  app.post(
    adminContentPaths.importBrokers,
    { schema: { tags, summary: 'Operators: import the previewed broker file, all rows or none', body: importBrokersRequest, response: withErrorResponses({ 200: envelope(brokerImportResult) }) } },
    async (request) => ok(await brokerImport.import(requestOperator(request), request.body.fileName, request.body.text, request.body.digest)),
  );

  app.get(
    adminContentPaths.page,
    { schema: { tags, summary: 'Operators: a site page in a language, and where its text comes from', querystring: pageQuery, response: withErrorResponses({ 200: envelope(editablePage) }) } },
    async (request) => ok(await content.page(request.query.slug, request.query.locale)),
  );

  app.post(
    adminContentPaths.savePage,
    { schema: { tags, summary: "Operators: save a site page's text in a language", body: savePageRequest, response: withErrorResponses({ 200: envelope(editablePage) }) } },
    async (request) => ok(await content.savePage(requestOperator(request), request.body.slug, request.body.locale, request.body.markdown)),
  );

  app.get(
    adminContentPaths.announcements,
    { schema: { tags, summary: 'Operators: announcements, newest first', response: withErrorResponses({ 200: envelope(announcementList) }) } },
    async () => ok(await content.announcements()),
  );

  app.post(
    adminContentPaths.postAnnouncement,
    { schema: { tags, summary: "Operators: post an announcement to every account's messages page", body: postAnnouncementAsOperatorRequest, response: withErrorResponses({ 200: envelope(announcementData) }) } },
    async (request) => ok(await content.postAnnouncement(requestOperator(request), request.body)),
  );
};
