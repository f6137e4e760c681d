import { chatLimits, chatPaths, type ChatItemsData } from '@parley/contracts';
import { http } from '../../../lib/http';

/** GET core/chat/items: the page of messages just before `before`, oldest first. */
export function getOlderItems(chatId: string, before: string): Promise<ChatItemsData> {
  return http.get<ChatItemsData>(`/api${chatPaths.chatItems}`, { chatId, before, limit: chatLimits.itemsPageSize });
}
