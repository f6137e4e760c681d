import { notificationData, type NotificationItem } from '@parley/contracts';
import type { TFunction } from 'i18next';

export interface NotificationText {
  title: string;
  body: string;
  /** Where the notification leads, inside the app. */
  link: string | null;
  /** The rated question and answer of a feedback notification, to open under it. */
  exchange?: { question: string; answer: string };
}

/**
 * A notification's words come from the reader's language (only announcements carry an
 * operator's text): `kind` picks the sentence, `data` fills it in.
 */
export function notificationText(item: NotificationItem, t: TFunction): NotificationText {
  const generic = { title: t('messages:kinds.generic.title'), body: '', link: null };
  switch (item.kind) {
    case 'feedback': {
      const parsed = notificationData.feedback.safeParse(item.data);
      if (!parsed.success) return generic;
      const { appName, rating, note, question, answer } = parsed.data;
      const verdict = t(`messages:kinds.feedback.${rating}`);
      return {
        title: t('messages:kinds.feedback.title', { appName }),
        body: note ? `${verdict} ${t('messages:kinds.feedback.note', { note })}` : verdict,
        link: null,
        ...(answer !== undefined && { exchange: { question: question ?? '', answer } }),
      };
    }
    case 'app_published': {
      const parsed = notificationData.app_published.safeParse(item.data);
      if (!parsed.success) return generic;
      return {
        title: t('messages:kinds.appPublished.title', { appName: parsed.data.appName }),
        body: t('messages:kinds.appPublished.body'),
        link: `/chat/${encodeURIComponent(parsed.data.appId)}`,
      };
    }
    case 'app_hidden': {
      const parsed = notificationData.app_hidden.safeParse(item.data);
      if (!parsed.success) return generic;
      return {
        title: t('messages:kinds.appHidden.title', { appName: parsed.data.appName }),
        body: t('messages:kinds.appHidden.body', { reason: parsed.data.reason }),
        link: null,
      };
    }
    case 'app_restored': {
      const parsed = notificationData.app_restored.safeParse(item.data);
      if (!parsed.success) return generic;
      const { appId, appName, reason } = parsed.data;
      return {
        title: t('messages:kinds.appRestored.title', { appName }),
        body: reason ? t('messages:kinds.appRestored.bodyWithReason', { reason }) : t('messages:kinds.appRestored.body'),
        link: `/chat/${encodeURIComponent(appId)}`,
      };
    }
    case 'app_review_declined': {
      const parsed = notificationData.app_review_declined.safeParse(item.data);
      if (!parsed.success) return generic;
      return {
        title: t('messages:kinds.appReviewDeclined.title', { appName: parsed.data.appName }),
        body: t('messages:kinds.appReviewDeclined.body', { reason: parsed.data.reason }),
        link: `/edit/${encodeURIComponent(parsed.data.appId)}`,
      };
    }
    case 'share_opened': {
      const parsed = notificationData.share_opened.safeParse(item.data);
      if (!parsed.success) return generic;
      return {
        title: t('messages:kinds.shareOpened.title'),
        body: t('messages:kinds.shareOpened.body', { title: parsed.data.title }),
        link: `/shareChat/${encodeURIComponent(parsed.data.shareCode)}`,
      };
    }
    case 'quota': {
      const parsed = notificationData.quota.safeParse(item.data);
      if (!parsed.success) return generic;
      return {
        title: t('messages:kinds.quota.title', { percent: parsed.data.percent }),
        body: t('messages:kinds.quota.body', { used: parsed.data.used, limit: parsed.data.limit }),
        link: null,
      };
    }
    case 'usage': {
      const parsed = notificationData.usage.safeParse(item.data);
      if (!parsed.success) return generic;
      return {
        title: t('messages:kinds.usage.title', { threshold: parsed.data.threshold.toLocaleString() }),
        body: t('messages:kinds.usage.body', { tokens: parsed.data.tokens.toLocaleString(), month: parsed.data.month }),
        link: null,
      };
    }
    case 'announcement':
      return { title: item.title || t('messages:kinds.announcement.title'), body: item.body, link: null };
  }
}
