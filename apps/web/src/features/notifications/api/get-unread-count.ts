import { notificationPaths, type UnreadCountData } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { notificationKeys } from './notification-keys';

/** GET /api/notifications/unread-count, for the sidebar badge. A failure leaves the badge off, quietly. */
export function getUnreadCount(signal?: AbortSignal): Promise<UnreadCountData> {
  return http.get<UnreadCountData>(`/api${notificationPaths.unreadCount}`, undefined, { signal, silent: true });
}

export function unreadCountQueryOptions() {
  return queryOptions({
    queryKey: notificationKeys.unreadCount,
    queryFn: ({ signal }) => getUnreadCount(signal),
    select: (data) => data.count,
    staleTime: 30_000,
    // New notifications arrive from other people's actions; a minute is fresh enough for a badge.
    // It is also how an open tab hears that its session ended (an operator disabled the account:
    // -104 logs it out), so a tab coming back to the front asks at once.
    refetchInterval: 60_000,
    refetchOnWindowFocus: 'always',
  });
}

export function useUnreadCount(enabled: boolean) {
  return useQuery({ ...unreadCountQueryOptions(), enabled });
}
