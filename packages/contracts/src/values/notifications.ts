// Paths, limits and defaults of notifications: plain values (no zod), so a screen that needs only
// these does not bring the schemas of ../notifications.ts along. That file re-exports them.

export const notificationPaths = {
  /** GET {cursor?, limit?, unreadOnly?}: newest first. */
  list: '/notifications/list',
  /** GET: {count} for the sidebar badge. */
  unreadCount: '/notifications/unread-count',
  /** POST {id} */
  markRead: '/notifications/read',
  /** POST {} */
  markAllRead: '/notifications/read-all',
} as const;

export const notificationLimits = { pageSize: 20, pageSizeMax: 50 } as const;

export const announcementLimits = { titleMax: 120, bodyMax: 4000 } as const;
