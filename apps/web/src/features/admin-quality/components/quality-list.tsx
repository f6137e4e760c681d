import type { FeedbackEntry, ReportEntry, UnansweredEntry } from '@parley/contracts';
import { Empty } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListError, LoadMore, LoadingRows } from '../../../components/console/paged-list-states';
import { useQualityList, type QualityListKind } from '../api/get-quality-lists';

interface QualityListProps<K extends QualityListKind> {
  kind: K;
  appId: string | undefined;
  renderEntry: (entry: EntryOf<K>) => ReactNode;
}

type EntryOf<K extends QualityListKind> = { unanswered: UnansweredEntry; feedback: FeedbackEntry; reports: ReportEntry }[K];

/** One list of the quality queue with its loading, empty and error states and its next page. */
export function QualityList<K extends QualityListKind>({ kind, appId, renderEntry }: QualityListProps<K>) {
  const { t } = useTranslation('consoleQuality');
  const query = useQualityList(kind, appId);
  const list: QualityListKind = kind;
  if (query.isPending) return <LoadingRows count={4} />;
  if (query.isError) return <ListError onRetry={() => void query.refetch()} />;
  const entries = query.data.pages.flatMap((page) => page.list as EntryOf<K>[]);
  if (entries.length === 0) return <Empty description={t(`${list}.empty`)} />;
  return (
    <>
      <ul className="quality-list" aria-label={t(`${list}.label`)}>
        {entries.map(renderEntry)}
      </ul>
      <LoadMore
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        failed={query.isFetchNextPageError}
        onMore={() => void query.fetchNextPage()}
        endText={t('end')}
      />
    </>
  );
}
