import { Button, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { BrandResult } from '../layout/brand-result';
import './paged-list-states.css';

/** Rows of placeholders while a console list loads (with a round one where its rows have a picture). */
export function LoadingRows({ count, avatar = false }: { count: number; avatar?: boolean }) {
  const { t } = useTranslation('console');
  return (
    <div role="status" aria-label={t('loading')}>
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} active avatar={avatar} title={{ width: '30%' }} paragraph={{ rows: 1 }} />
      ))}
    </div>
  );
}

/** A console list that could not load, with the way to try again. */
export function ListError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('console');
  return (
    <BrandResult
      kind="problem"
      title={t('error.title')}
      subTitle={t('error.subtitle')}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('error.retry')}
        </Button>
      }
    />
  );
}

interface MoreProps {
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  onMore: () => void;
  /** Said when everything is shown; nothing when absent. */
  endText?: string;
}

/** The foot of a paged console list: the next page by button (keyboard first), or the end. */
export function LoadMore({ hasMore, loading, failed, onMore, endText }: MoreProps) {
  const { t } = useTranslation('console');
  return (
    <div className="paged-list__more">
      {failed && <p role="alert">{t('error.more')}</p>}
      {hasMore ? (
        <Button onClick={onMore} loading={loading}>
          {t('loadMore')}
        </Button>
      ) : (
        endText && <p className="paged-list__end">{endText}</p>
      )}
    </div>
  );
}
