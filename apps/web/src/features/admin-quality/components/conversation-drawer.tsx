import { Alert, Drawer, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListError, LoadingRows } from '../../../components/console/paged-list-states';
import { mobileQuery, useMediaQuery } from '../../../lib/use-media-query';
import { useConversation } from '../api/get-conversation';

interface ConversationDrawerProps {
  chatItemId: string;
  onClose: () => void;
  /** Draws a message's text (the chat's markdown renderer, which the route hands in). */
  renderText: (text: string) => ReactNode;
}

/** The conversation an entry came from, read-only, with the entry's own message marked. */
export function ConversationDrawer({ chatItemId, onClose, renderText }: ConversationDrawerProps) {
  const { t, i18n } = useTranslation('consoleQuality');
  const isMobile = useMediaQuery(mobileQuery);
  const query = useConversation(chatItemId);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const conversation = query.data;
  const agentName = conversation?.app.isOfficial ? t('officialAssistant') : conversation?.app.name;

  return (
    <Drawer open onClose={onClose} placement="right" size={isMobile ? '100%' : 640} title={conversation?.title || t('conversation.title')}>
      {query.isPending && <LoadingRows count={4} />}
      {query.isError && <ListError onRetry={() => void query.refetch()} />}
      {conversation && (
        <div className="quality-conversation">
          <p className="quality-conversation__meta">
            {t('conversation.with', { name: agentName })} · {conversation.askerName ? t('conversation.askedBy', { name: conversation.askerName }) : t('conversation.visitor')} ·{' '}
            {t(`conversation.channels.${conversation.channel}`)}
          </p>
          <ol className="quality-conversation__items">
            {conversation.items.map((item) => (
              <li
                key={item.id}
                className="quality-conversation__item"
                data-role={item.role}
                data-focus={item.id === conversation.focusItemId}
                aria-current={item.id === conversation.focusItemId ? 'true' : undefined}
                ref={item.id === conversation.focusItemId ? (node) => node?.scrollIntoView?.({ block: 'center' }) : undefined}
              >
                <div className="quality-conversation__who">
                  <strong>{item.role === 'user' ? t('conversation.question') : agentName}</strong>
                  <time dateTime={item.createdAt}>{when.format(new Date(item.createdAt))}</time>
                  {item.userBadFeedback && <Tag color="error">{t('conversation.thumbsDown')}</Tag>}
                  {item.status !== 'done' && <Tag>{t(`conversation.status.${item.status}`)}</Tag>}
                </div>
                <div className="quality-conversation__text">{renderText(item.content)}</div>
                {item.customFeedbacks.length > 0 && (
                  <ul className="quality-notes" aria-label={t('notes')}>
                    {item.customFeedbacks.map((note, index) => (
                      <li key={`${index}-${note}`}>{note}</li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ol>
          {conversation.truncated && <Alert type="info" showIcon title={t('conversation.truncated', { count: conversation.items.length })} />}
        </div>
      )}
    </Drawer>
  );
}
