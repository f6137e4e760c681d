import { chatPaths, type StopData } from '@parley/contracts';
import { http } from '../../../lib/http';

/** POST core/chat/stop {chatId}: stops the answer wherever it runs (another tab or instance too). */
export function stopAnswerOnServer(chatId: string): Promise<StopData> {
  // Closing the stream already stopped this tab's answer; a failure here has nothing to tell.
  return http.post<StopData>(`/api${chatPaths.stop}`, { chatId }, { silent: true });
}
