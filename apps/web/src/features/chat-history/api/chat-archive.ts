import { chatArchivePaths, type ChatArchive, type ClearChatsData, type ImportChatsData } from '@parley/contracts';
import { http } from '../../../lib/http';

/** GET chats/export: every chat of the caller, as the file the import takes. */
export function exportChats(): Promise<ChatArchive> {
  return http.get<ChatArchive>(`/api${chatArchivePaths.export}`);
}

/** POST chats/import: all or nothing; a refusal comes back as an HttpError the caller explains. */
export function importChats(archive: ChatArchive): Promise<ImportChatsData> {
  return http.post<ImportChatsData>(`/api${chatArchivePaths.import}`, archive, { silent: true });
}

/** POST chats/clear-all. */
export function clearAllChats(): Promise<ClearChatsData> {
  return http.post<ClearChatsData>(`/api${chatArchivePaths.clearAll}`, {});
}
