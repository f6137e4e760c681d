import { z } from 'zod';
import { locales, type Locale } from './locales.js';
import { notificationLimits, announcementLimits } from './values/notifications.js';
export { notificationPaths, notificationLimits, announcementLimits } from './values/notifications.js';

/**
 * The messages page (`/user/message`). Paths are relative to `/api` (logged-in users only).
 * Except announcements (whose title and body an operator writes, per language), a notification's
 * words are the client's: it renders `kind` + `data` through i18n, so every language reads well.
 */

export const notificationKind = z.enum([
  'feedback',
  'app_published',
  'app_hidden',
  'app_restored',
  'app_review_declined',
  'share_opened',
  'quota',
  'usage',
  'announcement',
]);
export type NotificationKind = z.infer<typeof notificationKind>;

/** How much of a rated question and answer a feedback notification carries. */
export const feedbackExcerptChars = 2000;

/** What each kind carries in `data`. */
export const notificationData = {
  /**
   * Someone rated an answer of an agent you own: one notification per answer, brought up to date
   * as the rating changes; `note` is their latest written note, `question` and `answer` the
   * rated exchange (each cut to `feedbackExcerptChars`; absent in notifications from before).
   */
  feedback: z.object({
    appId: z.string(),
    appName: z.string(),
    chatItemId: z.string(),
    rating: z.enum(['good', 'bad', 'none']),
    note: z.string().nullable(),
    question: z.string().optional(),
    answer: z.string().optional(),
  }),
  app_published: z.object({ appId: z.string(), appName: z.string() }),
  app_hidden: z.object({ appId: z.string(), appName: z.string(), reason: z.string() }),
  /** An operator showed a hidden agent again; `reason` may be empty. */
  app_restored: z.object({ appId: z.string(), appName: z.string(), reason: z.string() }),
  /** An operator reviewed an agent the content check held and kept it from public, saying why. */
  app_review_declined: z.object({ appId: z.string(), appName: z.string(), reason: z.string() }),
  /** A share link of yours was opened for the first time. */
  share_opened: z.object({ shareCode: z.string(), title: z.string() }),
  /** Signed in after using `used` of the `limit` free visitor messages today (`percent`); accounts have no daily cap. */
  quota: z.object({ used: z.number().int(), limit: z.number().int(), percent: z.number().int() }),
  /** This month's tokens crossed `threshold`. */
  usage: z.object({ month: z.string(), tokens: z.number().int(), threshold: z.number().int() }),
  announcement: z.object({ announcementId: z.string() }),
} as const satisfies Record<NotificationKind, z.ZodType>;

export const notificationItem = z.object({
  id: z.string(),
  kind: notificationKind,
  /** Set for announcements; empty for the other kinds. */
  title: z.string(),
  body: z.string(),
  data: z.record(z.string(), z.unknown()),
  read: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type NotificationItem = z.infer<typeof notificationItem>;

export const listNotificationsQuery = z.object({
  /** The reader's language: announcements come in it when the operator wrote it (else in their main text). */
  locale: z.enum(locales, { error: `must be one of ${locales.join(', ')}` }).optional(),
  /** `nextCursor` of the previous page; absent for the first. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(1)
    .max(notificationLimits.pageSizeMax)
    .default(notificationLimits.pageSize),
  unreadOnly: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export type ListNotificationsQuery = z.input<typeof listNotificationsQuery>;

export const notificationPage = z.object({
  list: z.array(notificationItem),
  /** null when there is nothing older. */
  nextCursor: z.string().nullable(),
  unread: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPage>;

export const unreadCountData = z.object({ count: z.number().int() });
export type UnreadCountData = z.infer<typeof unreadCountData>;

export const markNotificationReadRequest = z.object({ id: z.uuid({ error: 'must be a valid id' }) });
/** Both mark calls answer the unread count left. */
export const markReadData = unreadCountData;

const announcementText = z.object({
  title: z.string({ error: 'must be a string' }).trim().min(1, 'Write a title').max(announcementLimits.titleMax, `Use at most ${announcementLimits.titleMax} characters`),
  body: z.string({ error: 'must be a string' }).trim().min(1, 'Write the announcement').max(announcementLimits.bodyMax, `Use at most ${announcementLimits.bodyMax} characters`),
});

/**
 * POST announce (operators). `title`/`body` are shown to readers whose language has no entry
 * in `translations`; each entry gives one language its own title and body.
 */
/** One entry per language at most; the API document lists the languages as the object's fields. */
const translationEntries = Object.fromEntries(locales.map((locale) => [locale, announcementText.optional()])) as {
  [L in Locale]: z.ZodOptional<typeof announcementText>;
};

export const postAnnouncementRequest = announcementText.extend({
  translations: z.strictObject(translationEntries, { error: `languages must be among ${locales.join(', ')}` }).default({}),
});
export type PostAnnouncementRequest = z.input<typeof postAnnouncementRequest>;

export const announcementData = z.object({ id: z.string(), publishedAt: z.iso.datetime({ offset: true }) });
export type AnnouncementData = z.infer<typeof announcementData>;
