import { DownloadOutlined } from '@ant-design/icons';
import { analyticsChannels, errorCodes, type AgentAnalytics } from '@parley/contracts';
import { Button, Skeleton } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canvasDraws, ChartBoundary } from '../../../components/charts/chart-frame';
import { BrandResult } from '../../../components/layout/brand-result';
import { downloadText } from '../../../lib/download-file';
import { describeHttpError, HttpError } from '../../../lib/http';
import { downloadAgentAnalytics, useAgentAnalytics } from '../api/agent-analytics';
import { AnalyticsDayTable } from './analytics-day-table';
import { FeedbackList, TopQuestions, UnansweredList } from './analytics-lists';
import { AnalyticsTiles } from './analytics-tiles';
import './agent-analytics.css';

// the chart library is large: fetched with this view only, and the page works without it
const QuestionsChart = lazy(() => import('./questions-chart'));

const sum = (byChannel: Record<string, number>) => Object.values(byChannel).reduce((total, value) => total + value, 0);

/** Where the period's questions came from, channel by channel, with the chart above. */
function ChannelSection({ figures }: { figures: AgentAnalytics }) {
  const { t, i18n } = useTranslation('analytics');
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <section className="analytics-section" aria-labelledby="analytics-channels">
      <h2 id="analytics-channels">{t('channels.title')}</h2>
      <ul className="analytics-channels">
        {analyticsChannels.map((channel) => (
          <li key={channel} className={`analytics-channels__item analytics-channels__item--${channel}`}>
            <span>{t(`channels.${channel}`)}</span>
            <strong>{number.format(figures.totals.questions[channel])}</strong>
          </li>
        ))}
      </ul>
      {canvasDraws() && (
        <figure className="analytics-chart" aria-label={t('chart.label')}>
          <ChartBoundary>
            <Suspense fallback={<Skeleton.Node active className="analytics-chart__placeholder" />}>
              <QuestionsChart days={figures.days} />
            </Suspense>
          </ChartBoundary>
        </figure>
      )}
    </section>
  );
}

/** An agent's last 30 days, for its owner: figures, where questions come from, day by day, what was asked, rated and left unanswered. */
export function AgentAnalyticsView({ appId }: { appId: string }) {
  const { t, i18n } = useTranslation('analytics');
  const analytics = useAgentAnalytics(appId);
  const [downloading, setDownloading] = useState(false);

  async function download() {
    setDownloading(true);
    try {
      const { fileName, text } = await downloadAgentAnalytics(appId);
      downloadText(fileName, text, 'text/csv');
    } catch {
      // the HTTP client has said why
    } finally {
      setDownloading(false);
    }
  }

  if (analytics.isPending) {
    return (
      <div role="status" aria-label={t('loading')} className="analytics">
        <Skeleton active paragraph={{ rows: 2 }} />
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  }
  if (analytics.isError) {
    const error = analytics.error;
    const gone = error instanceof HttpError && error.code === errorCodes.NOT_FOUND.code;
    return (
      <BrandResult
        kind={gone ? 'not-found' : 'problem'}
        title={gone ? describeHttpError(error, t, { [errorCodes.NOT_FOUND.code]: 'analytics:notFound' }) : t('loadFailed')}
        extra={
          !gone && (
            <Button type="primary" onClick={() => void analytics.refetch()}>
              {t('retry')}
            </Button>
          )
        }
      />
    );
  }

  const figures = analytics.data;
  const used = sum(figures.totals.questions) > 0;
  const dayName = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  return (
    <div className="analytics">
      <div className="analytics__head">
        <p className="analytics__period">
          {t('period', { from: dayName.format(new Date(`${figures.from}T00:00:00Z`)), to: dayName.format(new Date(`${figures.to}T00:00:00Z`)) })}
        </p>
        <Button icon={<DownloadOutlined aria-hidden />} loading={downloading} onClick={() => void download()}>
          {downloading ? t('downloading') : t('download')}
        </Button>
      </div>
      {used ? (
        <>
          <AnalyticsTiles totals={figures.totals} />
          <ChannelSection figures={figures} />
          <AnalyticsDayTable days={figures.days} />
          <div className="analytics__columns">
            <TopQuestions questions={figures.topQuestions} />
            <UnansweredList appId={appId} unanswered={figures.unanswered} />
          </div>
          <FeedbackList feedback={figures.feedback} />
        </>
      ) : (
        <BrandResult kind="info" title={t('empty.title')} subTitle={t('empty.body')} />
      )}
    </div>
  );
}
