/** Every notification query lives under `all`, so a mark-read refreshes the page and the badge together. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  unreadCount: ['notifications', 'unread-count'] as const,
};
