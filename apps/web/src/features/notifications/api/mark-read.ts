import { notificationPaths, type NotificationPage, type UnreadCountData } from '@parley/contracts';
import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { notificationKeys } from './notification-keys';

/** POST /api/notifications/read {id}: answers the unread count left. */
export function markNotificationRead(id: string): Promise<UnreadCountData> {
  return http.post<UnreadCountData>(`/api${notificationPaths.markRead}`, { id });
}

/** POST /api/notifications/read-all: answers the unread count left (0). */
export function markAllNotificationsRead(): Promise<UnreadCountData> {
  return http.post<UnreadCountData>(`/api${notificationPaths.markAllRead}`, {});
}

/** Marks the loaded items read in place, in every language's list (no refetch of every page), and sets the badge. */
function applyRead(queryClient: QueryClient, isRead: (id: string) => boolean, unread: number): void {
  queryClient.setQueriesData<InfiniteData<NotificationPage>>({ queryKey: notificationKeys.list }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            unread,
            list: page.list.map((item) => (isRead(item.id) ? { ...item, read: true } : item)),
          })),
        }
      : data,
  );
  queryClient.setQueryData<UnreadCountData>(notificationKeys.unreadCount, { count: unread });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: ({ count }, id) => applyRead(queryClient, (itemId) => itemId === id, count),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: ({ count }) => applyRead(queryClient, () => true, count),
  });
}
