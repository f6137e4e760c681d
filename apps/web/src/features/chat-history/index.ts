/** What route files and the sidebar use of the chat history feature. */
export { AgentsHistory, OfficialHistory, preloadSidebarHistories } from './components/lazy-sidebar-histories';
export { addChatHistory, useAddChatHistory, type NewChatHistory } from './hooks/use-add-chat-history';
export { useForgetHistoriesOnLogout } from './hooks/use-forget-histories-on-logout';
export { RoleHistory } from './components/role-history';
export { ChatHistoryTools } from './components/chat-history-tools';
