import {
  feedbackExcerptChars,
  notificationData,
  type Locale,
  type NotificationItem,
  type NotificationKind,
  type NotificationPage,
  type PostAnnouncementRequest,
} from '@parley/contracts';
import type { z } from 'zod';
import type { NotificationRepo, NotificationRow, NotificationWriter } from '../../db/repos/notification-repo.js';
import type { UsageRepo } from '../../db/repos/usage-repo.js';
import { AppError } from '../../platform/app-error.js';
import { decodeCursor, encodeCursor } from '../paging/time-id-cursor.js';

type DataOf<K extends NotificationKind> = z.infer<(typeof notificationData)[K]>;

/** Announcements read in the reader's language when the operator wrote one for it. */
function toItem(row: NotificationRow, locale: Locale | undefined): NotificationItem {
  const translated = row.kind === 'announcement' && locale ? row.translations?.[locale] : undefined;
  return {
    id: row.id,
    kind: row.kind,
    title: translated?.title ?? row.title,
    body: translated?.body ?? row.body,
    data: row.data,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

function excerpt(text: string): string {
  return text.length > feedbackExcerptChars ? `${text.slice(0, feedbackExcerptChars)}…` : text;
}

export interface NotificationServiceDeps {
  forUser: (userId: string) => NotificationRepo;
  writer: NotificationWriter;
  usage: Pick<UsageRepo, 'monthUsage'>;
  /** Monthly token totals that are worth a message when crossed, ascending. */
  usageThresholds: readonly number[];
  log: { warn: (obj: object, msg: string) => void };
}

/**
 * The messages page, and `notify` for the events that fill it. Event hooks never fail the
 * action that caused them: a notification that cannot be written is logged and dropped.
 */
export function createNotificationService(deps: NotificationServiceDeps) {
  async function notify<K extends NotificationKind>(userId: string, kind: K, data: DataOf<K>, text?: { title: string; body: string }) {
    return deps.writer.insert(userId, { kind, data: notificationData[kind].parse(data), ...text });
  }

  /** An operator's announcement: the messages page of every account made before it shows it from now on. */
  function announce(input: { title: string; body: string; translations?: PostAnnouncementRequest['translations']; createdBy?: string | null }) {
    return deps.writer.announce({
      title: input.title,
      body: input.body,
      translations: input.translations ?? {},
      createdBy: input.createdBy ?? null,
    });
  }

  function quietly(event: string, work: () => Promise<unknown>): Promise<void> {
    return work().then(
      () => undefined,
      (error: unknown) => deps.log.warn({ err: error, event }, 'notification not written'),
    );
  }

  return {
    notify,

    async list(userId: string, query: { cursor?: string; limit: number; unreadOnly?: boolean; locale?: Locale }): Promise<NotificationPage> {
      const repo = deps.forUser(userId);
      await repo.syncAnnouncements();
      const before = query.cursor ? decodeCursor(query.cursor) : undefined;
      const rows = await repo.page({ before, limit: query.limit + 1, unreadOnly: query.unreadOnly ?? false });
      const list = rows.slice(0, query.limit);
      const last = list.at(-1);
      return {
        list: list.map((row) => toItem(row, query.locale)),
        nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
        unread: await repo.unreadCount(),
      };
    },

    async unreadCount(userId: string): Promise<{ count: number }> {
      const repo = deps.forUser(userId);
      await repo.syncAnnouncements();
      return { count: await repo.unreadCount() };
    },

    async markRead(userId: string, id: string): Promise<{ count: number }> {
      const repo = deps.forUser(userId);
      if (!(await repo.markRead(id))) throw new AppError('NOT_FOUND', 'This message does not exist.');
      return { count: await repo.unreadCount() };
    },

    async markAllRead(userId: string): Promise<{ count: number }> {
      const repo = deps.forUser(userId);
      await repo.syncAnnouncements();
      await repo.markAllRead();
      return { count: 0 };
    },

    announce,

    /**
     * Someone rated or commented on an answer of an agent; its owner hears of it (not of their
     * own), once per answer: a later rating or note of it updates that notification.
     */
    feedbackGiven(event: { appId: string; chatItemId: string; raterUserId: string | null; rating: 'good' | 'bad' | 'none'; note: string | null }) {
      return quietly('feedback', async () => {
        const app = await deps.writer.appOwner(event.appId);
        if (!app || app.ownerId === event.raterUserId) return;
        const exchange = await deps.writer.ratedExchange(event.chatItemId);
        const data = notificationData.feedback.parse({
          appId: event.appId,
          appName: app.name,
          chatItemId: event.chatItemId,
          rating: event.rating,
          note: event.note,
          ...(exchange && { question: excerpt(exchange.question), answer: excerpt(exchange.answer) }),
        });
        await deps.writer.upsertAbout(app.ownerId, event.chatItemId, { kind: 'feedback', data });
      });
    },

    /** A user's share link was opened by someone else for the first time. */
    shareOpened(event: { ownerUserId: string; shareCode: string; title: string }) {
      return quietly('share_opened', () => notify(event.ownerUserId, 'share_opened', { shareCode: event.shareCode, title: event.title }));
    },

    /** For the agents issue: an agent became public. */
    appPublished(event: { ownerUserId: string; appId: string; appName: string }) {
      return quietly('app_published', () => notify(event.ownerUserId, 'app_published', { appId: event.appId, appName: event.appName }));
    },

    /** For the agents issue: an operator hid an agent, with the reason. */
    appHidden(event: { ownerUserId: string; appId: string; appName: string; reason: string }) {
      return quietly('app_hidden', () =>
        notify(event.ownerUserId, 'app_hidden', { appId: event.appId, appName: event.appName, reason: event.reason }),
      );
    },

    /** An operator showed a hidden agent again, saying why or not. */
    appRestored(event: { ownerUserId: string; appId: string; appName: string; reason: string }) {
      return quietly('app_restored', () =>
        notify(event.ownerUserId, 'app_restored', { appId: event.appId, appName: event.appName, reason: event.reason }),
      );
    },

    /** An operator reviewed an agent the content check held and kept it from public, with the reason. */
    appReviewDeclined(event: { ownerUserId: string; appId: string; appName: string; reason: string }) {
      return quietly('app_review_declined', () =>
        notify(event.ownerUserId, 'app_review_declined', { appId: event.appId, appName: event.appName, reason: event.reason }),
      );
    },

    /** A visitor who had used most of today's visitor quota signed in (accounts have no daily cap). */
    visitorQuotaCarried(userId: string, used: number, limit: number) {
      const percent = Math.round((used / limit) * 100);
      return quietly('quota', () => notify(userId, 'quota', { used, limit, percent }));
    },

    /** After an answer is saved: tells the user when this month's tokens crossed a threshold. */
    usageRecorded(userId: string, addedTokens: number) {
      if (addedTokens <= 0 || deps.usageThresholds.length === 0) return Promise.resolve();
      return quietly('usage', async () => {
        const month = new Date().toISOString().slice(0, 7);
        const days = await deps.usage.monthUsage({ userId, visitorId: null }, month);
        const total = days.reduce((sum, day) => sum + Number(day.promptTokens) + Number(day.completionTokens), 0);
        const before = total - addedTokens;
        const crossed = deps.usageThresholds.filter((threshold) => before < threshold && total >= threshold).at(-1);
        if (crossed !== undefined) await notify(userId, 'usage', { month, tokens: total, threshold: crossed });
      });
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
