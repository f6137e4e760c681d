import { DeleteOutlined, EditOutlined, MoreOutlined, PushpinFilled, PushpinOutlined, RobotOutlined } from '@ant-design/icons';
import type { ChatHistoryItem } from '@parley/contracts';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { chatPath } from '../../../lib/route-paths';
import { displayTitle } from '../lib/history-rules';
import { HistoryTitleEditor } from './history-title-editor';

interface ChatHistoryEntryProps {
  item: ChatHistoryItem;
  /** Agents history entries show the agent's avatar and name. */
  showApp: boolean;
  active: boolean;
  onOpen: (item: ChatHistoryItem) => void;
  onPin: (item: ChatHistoryItem, top: boolean) => void;
  onRename: (item: ChatHistoryItem, title: string) => void;
  onDelete: (item: ChatHistoryItem) => void;
}

type Action = 'pin' | 'rename' | 'delete';

export function ChatHistoryEntry({ item, showApp, active, onOpen, onPin, onRename, onDelete }: ChatHistoryEntryProps) {
  const { t } = useTranslation('history');
  const [renaming, setRenaming] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const title = displayTitle(item, t('common:chat.newChatTitle'));

  const menuItems: MenuProps['items'] = [
    {
      key: 'pin',
      icon: item.top ? <PushpinFilled aria-hidden /> : <PushpinOutlined aria-hidden />,
      label: item.top ? t('actions.unpin') : t('actions.pin'),
    },
    { key: 'rename', icon: <EditOutlined aria-hidden />, label: t('actions.rename') },
    { key: 'delete', icon: <DeleteOutlined aria-hidden />, label: t('actions.delete'), danger: true },
  ];

  function runAction(action: Action) {
    if (action === 'pin') onPin(item, !item.top);
    else if (action === 'rename') setRenaming(true);
    else onDelete(item);
  }

  function endRename() {
    setRenaming(false);
    // Back on the entry, where the keyboard left off.
    requestAnimationFrame(() => linkRef.current?.focus());
  }

  return (
    <li className="history-entry" data-active={active} data-menu-open={menuOpen}>
      {renaming ? (
        <HistoryTitleEditor
          title={item.title}
          onCancel={endRename}
          onSave={(next) => {
            onRename(item, next);
            endRename();
          }}
        />
      ) : (
        <Link
          ref={linkRef}
          to={chatPath(item.appId, item.chatId)}
          className="history-entry__link"
          aria-current={active ? 'page' : undefined}
          onClick={() => onOpen(item)}
        >
          {showApp && <AppAvatar url={item.appAvatarUrl} />}
          <span className="history-entry__text">
            <span className="history-entry__title">{title}</span>
            {showApp && (
              <span className="history-entry__app">
                {item.appName}
                {item.appDeleted && ` · ${t('appDeleted')}`}
              </span>
            )}
          </span>
          {item.top && (
            <span className="history-entry__pin" title={t('pinned')}>
              <PushpinFilled aria-hidden />
              <span className="visually-hidden">{t('pinned')}</span>
            </span>
          )}
        </Link>
      )}
      {!renaming && (
        <Dropdown
          trigger={['click']}
          placement="bottomRight"
          autoFocus
          onOpenChange={setMenuOpen}
          menu={{ items: menuItems, onClick: ({ key }) => runAction(key as Action) }}
        >
          <Button
            type="text"
            size="small"
            className="history-entry__menu"
            icon={<MoreOutlined aria-hidden />}
            aria-label={t('actions.menu', { title })}
            aria-haspopup="menu"
            aria-expanded={menuOpen}
          />
        </Dropdown>
      )}
    </li>
  );
}

function AppAvatar({ url }: { url: string | null }) {
  return (
    <span className="history-entry__avatar" aria-hidden>
      {url ? <img src={url} alt="" loading="lazy" /> : <RobotOutlined />}
    </span>
  );
}
