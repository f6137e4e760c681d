import { ReloadOutlined } from '@ant-design/icons';
import { Button, Segmented, Skeleton } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canvasDraws, ChartBoundary } from '../../../components/charts/chart-frame';
import { BrandResult } from '../../../components/layout/brand-result';
import { useDashboard } from '../api/get-dashboard';
import { ErrorsByKind, TokensByModel, type DashboardPeriod } from './dashboard-breakdowns';
import { DashboardDayTable } from './dashboard-day-table';
import { DashboardTiles } from './dashboard-tiles';
import { dashboardFormat } from './format';
import './dashboard.css';

// the chart library is large: fetched with the 30 days' view only, and the page works without it
const DashboardCharts = lazy(() => import('./dashboard-charts'));

function ChartsPlaceholder() {
  return (
    <div className="dashboard-charts">
      {Array.from({ length: 4 }, (_, index) => (
        <Skeleton.Node key={index} active className="dashboard-chart__placeholder" />
      ))}
    </div>
  );
}

/** The site today or over the last 30 UTC days: figures, charts of the days, and the same as tables. */
export function DashboardView() {
  const { t, i18n } = useTranslation('consoleDashboard');
  const dashboard = useDashboard();
  const [period, setPeriod] = useState<DashboardPeriod>('today');

  if (dashboard.isPending) {
    return (
      <div role="status" aria-label={t('loading')} className="dashboard">
        <Skeleton active paragraph={{ rows: 3 }} />
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  }
  if (dashboard.isError) {
    return (
      <BrandResult
        kind="problem"
        title={t('loadFailed')}
        subTitle={t('loadFailedDetail')}
        extra={
          <Button type="primary" onClick={() => void dashboard.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  }

  const data = dashboard.data;
  const format = dashboardFormat(i18n.language);
  const range = period === 'today' ? t('range.today', { day: format.day(data.to) }) : t('range.days', { from: format.day(data.from), to: format.day(data.to) });
  return (
    <div className="dashboard">
      <div className="dashboard__head">
        <Segmented<DashboardPeriod>
          value={period}
          onChange={setPeriod}
          aria-label={t('period.label')}
          options={[
            { value: 'today', label: t('period.today') },
            { value: 'period', label: t('period.days') },
          ]}
        />
        <p className="dashboard__range">
          {range}
          <span className="dashboard__updated">{t('updated', { time: format.time(data.generatedAt) })}</span>
        </p>
        <Button icon={<ReloadOutlined aria-hidden />} loading={dashboard.isFetching} onClick={() => void dashboard.refetch()}>
          {t('refresh')}
        </Button>
      </div>
      <DashboardTiles figures={period === 'today' ? data.today : data.period} now={data.now} />
      {period === 'period' && canvasDraws() && (
        <ChartBoundary>
          <Suspense fallback={<ChartsPlaceholder />}>
            <DashboardCharts days={data.days} />
          </Suspense>
        </ChartBoundary>
      )}
      <div className="dashboard__columns">
        <TokensByModel rows={data.tokensByModel} period={period} />
        <ErrorsByKind rows={data.errorsByKind} period={period} />
      </div>
      {period === 'period' && <DashboardDayTable days={data.days} />}
    </div>
  );
}
