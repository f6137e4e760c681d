import { Button, Empty, Skeleton } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead, useMarkNotificationRead } from '../api/mark-read';
import { NotificationEntry } from './notification-entry';
import './notifications.css';
import { BrandResult } from '../../../components/layout/brand-result';

function LoadingRows({ count }: { count: number }) {
  const { t } = useTranslation('messages');
  return (
    <div className="notifications__loading" role="status" aria-label={t('loading')}>
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} active title={{ width: '40%' }} paragraph={{ rows: 1 }} />
      ))}
    </div>
  );
}

/** Loads the next page when the end of the list scrolls into view; the button does it by keyboard. */
function useLoadWhenVisible(load: () => void, active: boolean) {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = sentinel.current;
    if (!active || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && load(), { rootMargin: '200px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [load, active]);
  return sentinel;
}

/** The messages page: newest first, unread marked, one or all marked read, more on scroll. */
export function NotificationCenter() {
  const { t } = useTranslation('messages');
  const query = useNotifications(true);
  const markOne = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = query;
  const sentinel = useLoadWhenVisible(() => void fetchNextPage(), hasNextPage && !isFetchingNextPage && !query.isFetchNextPageError);

  if (query.isPending) return <LoadingRows count={4} />;
  if (query.isError) {
    return (
      <BrandResult
        kind="problem"
        title={t('error.title')}
        subTitle={t('error.subtitle')}
        extra={
          <Button type="primary" onClick={() => void query.refetch()}>
            {t('error.retry')}
          </Button>
        }
      />
    );
  }

  const items = query.data.pages.flatMap((page) => page.list);
  const unread = query.data.pages.at(-1)?.unread ?? 0;
  if (items.length === 0) return <Empty className="notifications__empty" description={t('empty')} />;

  return (
    <section className="notifications" aria-label={t('listLabel')}>
      <div className="notifications__toolbar">
        <span aria-live="polite">{unread > 0 ? t('unreadCount', { count: unread }) : t('allRead')}</span>
        <Button onClick={() => markAll.mutate()} loading={markAll.isPending} disabled={unread === 0}>
          {t('markAllRead')}
        </Button>
      </div>
      <ul className="notifications__list">
        {items.map((item) => (
          <NotificationEntry
            key={item.id}
            item={item}
            marking={markOne.isPending && markOne.variables === item.id}
            onMarkRead={(id) => markOne.mutate(id)}
          />
        ))}
      </ul>
      <div ref={sentinel} className="notifications__more">
        {isFetchingNextPage && <LoadingRows count={2} />}
        {query.isFetchNextPageError && <p role="alert">{t('error.more')}</p>}
        {hasNextPage && !isFetchingNextPage && <Button onClick={() => void fetchNextPage()}>{t('loadMore')}</Button>}
        {!hasNextPage && <p className="notifications__end">{t('end')}</p>}
      </div>
    </section>
  );
}
