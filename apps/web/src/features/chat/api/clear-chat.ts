import { chatPaths } from '@parley/contracts';
import { http } from '../../../lib/http';

/** GET core/chat/clearHistories {id}: every message of the chat goes; the chat stays. */
export function clearChat(chatId: string): Promise<unknown> {
  return http.get(`/api${chatPaths.clearHistories}`, { id: chatId });
}
