import type { NotificationItem } from '@parley/contracts';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notificationText } from '../lib/notification-text';

interface NotificationEntryProps {
  item: NotificationItem;
  marking: boolean;
  onMarkRead: (id: string) => void;
}

/** One notification: unread ones carry a dot and a "mark read" button; opening its link marks it read. */
export function NotificationEntry({ item, marking, onMarkRead }: NotificationEntryProps) {
  const { t, i18n } = useTranslation('messages');
  const text = notificationText(item, t);
  const when = new Date(item.createdAt);
  const titleId = `notification-${item.id}`;
  return (
    <li className="notification" data-read={item.read} aria-labelledby={titleId}>
      <span className="notification__dot" aria-hidden />
      <div className="notification__main">
        <h2 className="notification__title" id={titleId}>
          {!item.read && <span className="visually-hidden">{t('unreadPrefix')} </span>}
          {text.link ? (
            <Link to={text.link} onClick={() => !item.read && onMarkRead(item.id)}>
              {text.title}
            </Link>
          ) : (
            text.title
          )}
        </h2>
        {text.body && <p className="notification__body">{text.body}</p>}
        {text.exchange && (
          <details className="notification__exchange" onToggle={(event) => event.currentTarget.open && !item.read && onMarkRead(item.id)}>
            <summary>{t('kinds.feedback.showExchange')}</summary>
            <dl>
              <dt>{t('kinds.feedback.question')}</dt>
              <dd>{text.exchange.question}</dd>
              <dt>{t('kinds.feedback.answer')}</dt>
              <dd>{text.exchange.answer}</dd>
            </dl>
          </details>
        )}
        <time className="notification__time" dateTime={item.createdAt}>
          {new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(when)}
        </time>
      </div>
      {!item.read && (
        <Button size="small" onClick={() => onMarkRead(item.id)} loading={marking} aria-label={t('markReadOf', { title: text.title })}>
          {t('markRead')}
        </Button>
      )}
    </li>
  );
}
