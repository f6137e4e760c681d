/** What route files use of conversation sharing. */
export { ShareChatButton } from './components/share-chat-button';
export { useCopyLink } from './hooks/use-copy-link';
export { copyText } from './lib/copy-text';
