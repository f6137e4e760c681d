import type { SharedConversation as Shared } from '@parley/contracts';
import { Button } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso } from 'react-virtuoso';
import { notify } from '../../../lib/notify';
import type { ThreadItem } from '../api/chat-thread';
import { useAppTexts } from '../hooks/use-app-texts';
import type { MessageRow as Row } from '../lib/message-rows';
import { emptyItem } from '../lib/thread-updates';
import { AppAvatar } from './chat-avatars';
import { isNotFound } from './chat-states';
import type { MessageContext } from './message-context';
import { MessageRow } from './message-row';
import './shared-conversation.css';
import { BrandResult } from '../../../components/layout/brand-result';

function rowsOf(share: Shared): Row[] {
  return share.items.map((message, index) => {
    const item: ThreadItem = {
      ...emptyItem,
      ...message,
      id: `shared-${index}`,
      status: 'done',
    };
    return { kind: 'item', key: item.id, item, isLastAnswer: false };
  });
}

interface SharedConversationProps {
  share: Shared;
  /** The way into a chat of one's own with the same app (the route knows the addresses). */
  startOwn: ReactNode;
}

/** A shared conversation, read-only, as the person who shared it saw it. */
export function SharedConversation({ share, startOwn }: SharedConversationProps) {
  const { t, i18n } = useTranslation('chat');
  const texts = useAppTexts(share.app);
  const rows = useMemo(() => rowsOf(share), [share]);
  const context = useMemo<MessageContext>(
    () => ({
      app: share.app,
      appName: texts.name,
      userName: t('share.asker'),
      readOnly: true,
      busy: false,
      onCopy: (text) =>
        void navigator.clipboard.writeText(text).then(
          () => notify.success(t('toast.copied')),
          () => notify.error(t('toast.copyFailed')),
        ),
    }),
    [share.app, texts.name, t],
  );
  const sharedOn = new Date(share.createdAt).toLocaleDateString(i18n.language);
  return (
    <div className="shared-conversation">
      <div className="shared-conversation__app">
        <AppAvatar app={share.app} size={44} />
        <div className="shared-conversation__about">
          <p className="shared-conversation__name">{texts.name}</p>
          <p className="shared-conversation__meta">
            {share.app.creatorName ? `${t('header.creator', { name: share.app.creatorName })} · ` : ''}
            {t('share.sharedOn', { date: sharedOn })}
          </p>
        </div>
        {startOwn}
      </div>
      {rows.length === 0 ? (
        <p className="shared-conversation__empty">{t('share.empty')}</p>
      ) : (
        <Virtuoso
          useWindowScroll
          data={rows}
          computeItemKey={(_, row) => row.key}
          itemContent={(_, row) => <MessageRow row={row} context={context} />}
        />
      )}
    </div>
  );
}

/** The share link does not work (revoked, unknown, mistyped) or the call failed. */
export function SharedConversationError({ error, onRetry, home }: { error: unknown; onRetry: () => void; home: ReactNode }) {
  const { t } = useTranslation('chat');
  if (isNotFound(error)) {
    return <BrandResult kind="not-found" title={t('share.notFoundTitle')} subTitle={t('share.notFound')} extra={home} />;
  }
  return (
    <BrandResult
      kind="problem"
      title={t('states.loadFailedTitle')}
      subTitle={t('states.loadFailed')}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      }
    />
  );
}
