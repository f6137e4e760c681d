import { chatPaths, type ChatItemsData } from '@parley/contracts';
import { http } from '../../../lib/http';

/** GET core/chat/items {chatId}: the newest messages of the chat this browser had with the agent. */
export function getWidgetChat(chatId: string): Promise<ChatItemsData> {
  return http.get<ChatItemsData>(`/api${chatPaths.chatItems}`, { chatId }, { silent: true });
}
