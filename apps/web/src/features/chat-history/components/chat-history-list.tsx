import type { ChatHistoryItem } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../../lib/notify';
import { chatPath, routePaths } from '../../../lib/route-paths';
import { rememberOfficialChat, setCurrentChatId } from '../../../stores/conversation-store';
import { useDeleteHistory } from '../api/delete-history';
import { chatHistoryKeys } from '../api/history-keys';
import type { useHistoryList } from '../api/history-list-query';
import { useUpdateHistory } from '../api/update-history';
import { useOpenChatId } from '../hooks/use-open-chat-id';
import { nextActiveAfterDelete, type HistoryKind, type HistoryList } from '../lib/history-rules';
import { ChatHistoryEntry } from './chat-history-entry';
import './chat-history.css';

interface ChatHistoryListProps {
  kind: HistoryKind;
  history: ReturnType<typeof useHistoryList>;
  /** Closes the mobile sidebar after a chat was opened. */
  onNavigate?: () => void;
}

/** One sidebar history list: entries, their actions, and the loading, empty and failed states. */
export function ChatHistoryList({ kind, history, onNavigate }: ChatHistoryListProps) {
  const { t } = useTranslation('history');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const openChatId = useOpenChatId();
  const updateHistory = useUpdateHistory();
  const deleteHistory = useDeleteHistory();
  const [modal, modalHolder] = Modal.useModal();
  const { query, loadMore, loadingMore, loadMoreFailed } = history;
  const list = query.data?.list;

  function markOpen(item: ChatHistoryItem) {
    setCurrentChatId(item.chatId);
    if (kind === 'official') rememberOfficialChat(item.appId, item.chatId);
  }

  async function deleteChat(item: ChatHistoryItem) {
    const before = queryClient.getQueryData<HistoryList>(chatHistoryKeys.list(kind))?.list ?? [];
    try {
      await deleteHistory.mutateAsync({ appId: item.appId, chatId: item.chatId });
    } catch {
      return; // The HTTP client has shown why.
    }
    notify.success(t('delete.success'));
    if (item.chatId !== openChatId) return;
    const next = nextActiveAfterDelete(before, item.chatId);
    if (next) {
      markOpen(next);
      void navigate(chatPath(next.appId, next.chatId));
    } else if (kind === 'official') {
      void navigate(routePaths.MainChat);
    } else {
      // A new chat with the same agent, unless the agent is gone.
      void navigate(item.appDeleted ? routePaths.Discover : chatPath(item.appId));
    }
  }

  function confirmDelete(item: ChatHistoryItem) {
    void modal.confirm({
      title: t('delete.confirm'),
      okText: t('delete.ok'),
      okButtonProps: { danger: true },
      cancelText: t('delete.cancel'),
      onOk: () => deleteChat(item),
    });
  }

  if (!list) {
    return query.isError ? (
      <p className="history-list__note">
        {t('loadFailed')}{' '}
        <Button type="link" size="small" className="history-list__retry" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </p>
    ) : (
      <div className="history-list__skeleton" role="status" aria-label={t('loading')}>
        <span />
        <span />
        <span />
      </div>
    );
  }

  return (
    <div className="history-list">
      {modalHolder}
      {list.length === 0 ? (
        <p className="history-list__note">{t(kind === 'official' ? 'empty.official' : 'empty.agents')}</p>
      ) : (
        <ul className="history-list__items" aria-label={t(kind === 'official' ? 'lists.official' : 'lists.agents')}>
          {list.map((item) => (
            <ChatHistoryEntry
              key={item.chatId}
              item={item}
              showApp={kind === 'agents'}
              active={item.chatId === openChatId}
              onOpen={(opened) => {
                markOpen(opened);
                onNavigate?.();
              }}
              onPin={(target, top) => updateHistory.mutate({ appId: target.appId, chatId: target.chatId, top })}
              onRename={(target, title) => updateHistory.mutate({ appId: target.appId, chatId: target.chatId, title })}
              onDelete={confirmDelete}
            />
          ))}
        </ul>
      )}
      {query.data?.hasMore && !query.isPlaceholderData && (
        <Button type="text" size="small" block className="history-list__more" loading={loadingMore} onClick={loadMore}>
          {loadMoreFailed ? t('loadMoreFailed') : t('loadMore')}
        </Button>
      )}
    </div>
  );
}
