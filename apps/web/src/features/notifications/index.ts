/** What the sidebar uses of the notifications feature (the page imports its component directly: it is its own chunk). */
export { useUnreadCount } from './api/get-unread-count';
