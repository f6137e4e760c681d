import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { chatKeys, chatThreadQueryOptions, type ChatThread, type ThreadRef } from '../api/chat-thread';
import { getOlderItems } from '../api/get-older-items';
import { withOlderPage } from '../lib/thread-updates';

/** An open chat from the query cache, with the way to change it there and to load older pages. */
export function useChatThread(ref: ThreadRef) {
  const queryClient = useQueryClient();
  const query = useQuery(chatThreadQueryOptions(ref));
  const [loadingOlder, setLoadingOlder] = useState(false);
  const loading = useRef(false);
  const { appId, chatId } = ref;

  const update = useCallback(
    (change: (thread: ChatThread) => ChatThread) =>
      queryClient.setQueryData<ChatThread>(chatKeys.thread({ appId, chatId }), (thread) => (thread ? change(thread) : thread)),
    [queryClient, appId, chatId],
  );

  const thread = query.data;
  const oldestId = thread?.items[0]?.id;
  const canLoadOlder = Boolean(chatId && thread?.hasMore && oldestId);

  const loadOlder = useCallback(async () => {
    if (!chatId || !oldestId || !canLoadOlder || loading.current) return;
    loading.current = true;
    setLoadingOlder(true);
    try {
      const page = await getOlderItems(chatId, oldestId);
      update((current) => withOlderPage(current, page));
    } catch {
      // The client has toasted the failure; scrolling up again retries.
    } finally {
      loading.current = false;
      setLoadingOlder(false);
    }
  }, [chatId, oldestId, canLoadOlder, update]);

  /** Every older page, for an export of the whole conversation. */
  const loadAll = useCallback(async () => {
    if (!chatId) return;
    const key = chatKeys.thread({ appId, chatId });
    for (;;) {
      const current = queryClient.getQueryData<ChatThread>(key);
      const oldest = current?.items[0]?.id;
      if (!current?.hasMore || !oldest) return;
      const page = await getOlderItems(chatId, oldest);
      update((latest) => withOlderPage(latest, page));
    }
  }, [queryClient, appId, chatId, update]);

  return { query, thread, update, loadOlder, loadingOlder, canLoadOlder, loadAll };
}
