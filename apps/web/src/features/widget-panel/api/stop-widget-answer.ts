import { chatPaths, type StopData } from '@parley/contracts';
import { http } from '../../../lib/http';

/** POST core/chat/stop {chatId}: Stop ends the answer on the server too, keeping what was written. */
export function stopWidgetAnswer(chatId: string): Promise<StopData> {
  return http.post<StopData>(`/api${chatPaths.stop}`, { chatId }, { silent: true });
}
