import type { ChatHistoryItem } from '@parley/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { HistoryKind, HistoryList } from '../lib/history-rules';
import { chatHistoryKeys } from './history-keys';

type ListUpdate = (list: ChatHistoryItem[]) => ChatHistoryItem[];

/** Applies a change to every loaded history list (a chat shows in at most one, but cheaply). */
export function updateHistoryLists(queryClient: QueryClient, update: ListUpdate): void {
  queryClient.setQueriesData<HistoryList>({ queryKey: chatHistoryKeys.all }, (data) =>
    data ? { ...data, list: update(data.list) } : data,
  );
}

/** Applies a change to one list, if it was loaded; an unloaded list gets the chat when it loads. */
export function updateHistoryList(queryClient: QueryClient, kind: HistoryKind, update: ListUpdate): void {
  queryClient.setQueryData<HistoryList>(chatHistoryKeys.list(kind), (data) =>
    data ? { ...data, list: update(data.list) } : data,
  );
}

/** Every loaded list, to put back when an optimistic change fails. */
export function snapshotHistoryLists(queryClient: QueryClient) {
  return queryClient.getQueriesData<HistoryList>({ queryKey: chatHistoryKeys.all });
}

export function restoreHistoryLists(queryClient: QueryClient, snapshot: ReturnType<typeof snapshotHistoryLists>): void {
  for (const [queryKey, data] of snapshot) queryClient.setQueryData(queryKey, data);
}
