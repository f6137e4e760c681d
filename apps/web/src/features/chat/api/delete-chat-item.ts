import { chatPaths } from '@parley/contracts';
import { http } from '../../../lib/http';

/** POST core/chat/item/delete {chatId, itemId} */
export function deleteChatItem(chatId: string, itemId: string): Promise<unknown> {
  return http.post(`/api${chatPaths.deleteItem}`, { chatId, itemId });
}
