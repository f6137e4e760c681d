/** What the route files use of the chat feature. */
export { prefetchChatThread } from './api/chat-thread';
export { useChatShare } from './api/get-chat-share';
export { preloadMessageList } from './components/lazy-message-list';
export { ChatView, type ChatActivity, type ChatHeaderSlot, type ChatViewProps } from './components/chat-view';
export { MarkdownView, preloadMarkdown, useMarkdownReady } from './components/markdown/markdown-view';
export { SharedConversation, SharedConversationError } from './components/shared-conversation';
export { useAppTexts } from './hooks/use-app-texts';
export { PreviewChat, type PreviewAsk, type PreviewTurn } from './components/preview-chat';
