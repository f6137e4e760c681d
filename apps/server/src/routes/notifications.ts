import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope,
  listNotificationsQuery,
  markNotificationReadRequest,
  markReadData,
  notificationPage,
  notificationPaths,
  unreadCountData,
} from '@parley/contracts';
import { ok } from '../http/ok.js';
import { requestUserId } from '../http/request-owner.js';
import { withErrorResponses } from '../http/route-schemas.js';

/** The messages page; `/api` only. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const notifications = app.services.notifications;
  const tags = ['notifications'];
  const count = withErrorResponses({ 200: envelope(markReadData) });

  app.get(
    notificationPaths.list,
    {
      schema: {
        tags,
        summary: 'Notifications, newest first, a page at a time',
        querystring: listNotificationsQuery,
        response: withErrorResponses({ 200: envelope(notificationPage) }),
      },
    },
    async (request) => ok(await notifications.list(requestUserId(request), request.query)),
  );

  app.get(
    notificationPaths.unreadCount,
    { schema: { tags, summary: 'How many notifications are unread', response: withErrorResponses({ 200: envelope(unreadCountData) }) } },
    async (request) => ok(await notifications.unreadCount(requestUserId(request))),
  );

  app.post(
    notificationPaths.markRead,
    { schema: { tags, summary: 'Mark one notification read', body: markNotificationReadRequest, response: count } },
    async (request) => ok(await notifications.markRead(requestUserId(request), request.body.id)),
  );

  app.post(notificationPaths.markAllRead, { schema: { tags, summary: 'Mark every notification read', response: count } }, async (request) =>
    ok(await notifications.markAllRead(requestUserId(request))),
  );
};
