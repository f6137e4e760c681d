import type { DashboardDay } from '@parley/contracts';
import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { dashboardFormat } from './format';

/** Every day of the period, newest first: the figures the charts draw, as a table. */
export function DashboardDayTable({ days }: { days: DashboardDay[] }) {
  const { t, i18n } = useTranslation('consoleDashboard');
  const format = dashboardFormat(i18n.language);
  const count = (pick: (day: DashboardDay) => number) => (_: unknown, day: DashboardDay) => format.count(pick(day));
  const numeric = { align: 'right' as const };
  const columns: TableColumnsType<DashboardDay> = [
    { key: 'day', title: t('table.day'), dataIndex: 'day', render: (day: string) => format.day(day), fixed: 'left' },
    { key: 'newVisitors', title: t('table.newVisitors'), ...numeric, render: count((day) => day.newVisitors) },
    { key: 'askingVisitors', title: t('table.askingVisitors'), ...numeric, render: count((day) => day.askingVisitors) },
    { key: 'signUps', title: t('table.signUps'), ...numeric, render: count((day) => day.signUps) },
    { key: 'questions', title: t('table.questions'), ...numeric, render: count((day) => day.questions) },
    { key: 'done', title: t('answers.done'), ...numeric, render: count((day) => day.answers.done) },
    { key: 'stopped', title: t('answers.stopped'), ...numeric, render: count((day) => day.answers.stopped) },
    { key: 'error', title: t('answers.error'), ...numeric, render: count((day) => day.answers.error) },
    { key: 'refused', title: t('answers.refused'), ...numeric, render: count((day) => day.answers.refused) },
    { key: 'upstreamErrors', title: t('table.upstreamErrors'), ...numeric, render: count((day) => day.upstreamErrors) },
    { key: 'p50', title: t('table.p50'), ...numeric, render: (_, day) => format.wait(day.firstToken.p50Ms) },
    { key: 'p95', title: t('table.p95'), ...numeric, render: (_, day) => format.wait(day.firstToken.p95Ms) },
    { key: 'prompt', title: t('table.promptTokens'), ...numeric, render: count((day) => day.promptTokens) },
    { key: 'completion', title: t('table.completionTokens'), ...numeric, render: count((day) => day.completionTokens) },
    { key: 'jobsQueued', title: t('table.jobsQueued'), ...numeric, render: count((day) => day.knowledgeJobs.queued) },
    { key: 'jobsFailed', title: t('table.jobsFailed'), ...numeric, render: count((day) => day.knowledgeJobs.failed) },
    { key: 'unanswered', title: t('table.unanswered'), ...numeric, render: count((day) => day.unanswered) },
  ];
  return (
    <section className="dashboard-section" aria-labelledby="dashboard-days">
      <h2 id="dashboard-days">{t('table.title')}</h2>
      <Table<DashboardDay> rowKey="day" size="small" columns={columns} dataSource={[...days].reverse()} pagination={false} scroll={{ x: 'max-content' }} />
    </section>
  );
}
