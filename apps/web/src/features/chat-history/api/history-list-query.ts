import { chatHistoryItem, type ChatHistoryItem, type HistoryPage } from '@parley/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { conversationStore, saveHistoryLists } from '../../../stores/conversation-store';
import { historyPageSize, mergeHistoryPage, nextPageNumber, type HistoryKind, type HistoryList } from '../lib/history-rules';
import { chatHistoryKeys } from './history-keys';

/** One endpoint that serves a history list page by page. */
export interface HistorySource {
  kind: HistoryKind;
  fetchPage: (pageNum: number, signal?: AbortSignal) => Promise<HistoryPage>;
}

/** The list as last saved in conversationStorage (officalList / discoverList), if any. */
function storedHistory(kind: HistoryKind): HistoryList | undefined {
  const { officalList, discoverList } = conversationStore.getState();
  const stored: unknown[] = kind === 'official' ? officalList : discoverList;
  const list = stored.flatMap((entry) => {
    const parsed = chatHistoryItem.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
  return list.length > 0 ? { list, hasMore: false } : undefined;
}

function saveHistory(kind: HistoryKind, list: ChatHistoryItem[]): void {
  saveHistoryLists(kind === 'official' ? { official: list } : { discover: list });
}

/** A refresh loads page 1 and replaces the list (spec section 4); "load more" appends. */
export function historyListQueryOptions(source: HistorySource) {
  return queryOptions<HistoryList, Error, HistoryList, ReturnType<typeof chatHistoryKeys.list>>({
    queryKey: chatHistoryKeys.list(source.kind),
    queryFn: async ({ signal }) => mergeHistoryPage(undefined, await source.fetchPage(1, signal), 1),
    placeholderData: () => storedHistory(source.kind),
    staleTime: 30_000,
  });
}

export function useHistoryList(source: HistorySource, enabled: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...historyListQueryOptions(source), enabled });
  const queryKey = chatHistoryKeys.list(source.kind);

  const loadMore = useMutation({
    mutationFn: async () => {
      const loaded = queryClient.getQueryData<HistoryList>(queryKey)?.list.length ?? 0;
      const pageNum = nextPageNumber(loaded, historyPageSize[source.kind]);
      return { pageNum, page: await source.fetchPage(pageNum) };
    },
    onSuccess: ({ pageNum, page }) =>
      queryClient.setQueryData<HistoryList>(queryKey, (current) => mergeHistoryPage(current, page, pageNum)),
  });

  const loaded = query.isPlaceholderData ? undefined : query.data;
  useEffect(() => {
    if (loaded) saveHistory(source.kind, loaded.list);
  }, [loaded, source.kind]);

  return {
    query,
    loadMore: () => loadMore.mutate(),
    loadingMore: loadMore.isPending,
    loadMoreFailed: loadMore.isError,
  };
}
