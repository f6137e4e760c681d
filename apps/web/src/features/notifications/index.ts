/** What the sidebar (the unread count) and the messages page use of the notifications feature. */
export { useUnreadCount } from './api/get-unread-count';
export { NotificationCenter } from './components/notification-center';
