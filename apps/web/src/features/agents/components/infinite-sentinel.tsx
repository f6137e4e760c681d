import { Button, Spin } from 'antd';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface InfiniteSentinelProps {
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  onLoadMore: () => void;
}

/**
 * The end of a paged list: scrolling it into view loads the next page. A button does the same
 * for the keyboard and for a failed page.
 */
export function InfiniteSentinel({ hasMore, loading, failed, onLoadMore }: InfiniteSentinelProps) {
  const { t } = useTranslation('agents');
  const ref = useRef<HTMLDivElement>(null);
  const reached = useEffectEvent(() => {
    if (!loading && !failed) onLoadMore();
  });

  useEffect(() => {
    const element = ref.current;
    if (!element || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && reached(), { rootMargin: '400px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
    // Observing anew after each page reports a sentinel still in view, so a short page loads the next.
  }, [hasMore, loading]);

  if (!hasMore) return null;
  return (
    <div ref={ref} className="infinite-sentinel" style={{ display: 'flex', justifyContent: 'center', padding: 16 }}>
      {loading ? (
        <Spin aria-label={t('list.loadingMore')} />
      ) : (
        <Button onClick={onLoadMore}>{failed ? t('list.retryMore') : t('list.loadMore')}</Button>
      )}
    </div>
  );
}
