import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { brokerLimits, rankingTabs, type RankingCategory } from '@parley/contracts';
import { Button, Empty, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteConfig } from '../../site';
import { useRankings } from '../api/get-rankings';
import { pageSlots } from '../lib/page-slots';
import { RankingTable } from './ranking-table';
import { RankingTabs } from './ranking-tabs';
import './ranking-board.css';

/** Four ranking tabs (global, trading environment, problem platforms, hot search) over a paged table. */
export function RankingBoard() {
  const { t } = useTranslation('brokers');
  const [category, setCategory] = useState<RankingCategory>(rankingTabs[0].category);
  const [page, setPage] = useState(1);
  const rankings = useRankings(category, page);
  const site = useSiteConfig();

  function switchTab(key: string) {
    const tab = rankingTabs.find((entry) => entry.key === key);
    if (!tab) return;
    setCategory(tab.category);
    setPage(1);
  }

  const activeKey = rankingTabs.find((entry) => entry.category === category)?.key;
  const data = rankings.data;
  const totalPages = data?.totalPages ?? 0;
  const showingOtherTab = rankings.isPlaceholderData;

  let body;
  if (rankings.isError || site.isError) {
    body = (
      <div className="ranking-board__state" role="alert">
        <p>{t('ranking.error')}</p>
        <Button size="small" onClick={() => void (site.isError ? site.refetch() : rankings.refetch())}>
          {t('ranking.retry')}
        </Button>
      </div>
    );
  } else if (!data || !site.data) {
    body = <Skeleton active title={false} paragraph={{ rows: 6 }} aria-label={t('ranking.loading')} />;
  } else if (data.list.length === 0) {
    body = <Empty className="ranking-board__state" image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ranking.empty')} />;
  } else {
    body = <RankingTable items={data.list} brokerSite={site.data.brokerSite} busy={showingOtherTab} />;
  }

  return (
    <section className="ranking-board" aria-label={t('ranking.label')}>
      <RankingTabs
        activeKey={activeKey}
        onChange={switchTab}
        items={rankingTabs.map((tab) => ({ key: tab.key, label: t(`ranking.tabs.${tab.key}`) }))}
      />
      {body}
      {totalPages > 1 && (
        <nav className="ranking-board__pager" aria-label={t('ranking.pager')}>
          <Button
            size="small"
            type="text"
            icon={<LeftOutlined aria-hidden />}
            aria-label={t('ranking.previous')}
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          />
          {pageSlots(page, totalPages, brokerLimits.rankingPageSlots).map((slot) => (
            <Button
              key={slot}
              size="small"
              type={slot === page ? 'primary' : 'text'}
              aria-current={slot === page ? 'page' : undefined}
              aria-label={t('ranking.page', { page: slot })}
              onClick={() => setPage(slot)}
            >
              {slot}
            </Button>
          ))}
          <Button
            size="small"
            type="text"
            icon={<RightOutlined aria-hidden />}
            aria-label={t('ranking.next')}
            disabled={page >= totalPages}
            onClick={() => setPage(page + 1)}
          />
        </nav>
      )}
      {data?.asOf && !showingOtherTab && (
        <p className="ranking-board__note">
          {t('ranking.asOf', { date: data.asOf })}
          {data.list.some((item) => item.isDemo) && <> · {t('ranking.demo')}</>}
        </p>
      )}
    </section>
  );
}
