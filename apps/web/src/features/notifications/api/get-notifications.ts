import { notificationLimits, notificationPaths, type Locale, type NotificationPage } from '@parley/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { useAppSetting } from '../../../stores/app-setting-store';
import { notificationKeys } from './notification-keys';

/**
 * GET /api/notifications/list {cursor?, limit, locale}: newest first; `nextCursor` null at the end.
 * `locale` picks the language of announcements an operator wrote in several.
 */
export function getNotifications(cursor: string | undefined, locale: Locale, signal?: AbortSignal): Promise<NotificationPage> {
  // The page shows its own error with a retry; a toast would say it twice.
  return http.get<NotificationPage>(`/api${notificationPaths.list}`, { cursor, limit: notificationLimits.pageSize, locale }, { signal, silent: true });
}

export function notificationsQueryOptions(locale: Locale) {
  return infiniteQueryOptions({
    queryKey: [...notificationKeys.list, locale],
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, locale, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/** In the interface language: switching it loads announcements in the new one. */
export function useNotifications(enabled: boolean) {
  const locale = useAppSetting((state) => state.language);
  return useInfiniteQuery({ ...notificationsQueryOptions(locale), enabled });
}
