import { analyticsChannels, type AnalyticsDay } from '@parley/contracts';
import { Table, Tooltip, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';

const sum = (byChannel: Record<string, number>) => Object.values(byChannel).reduce((total, value) => total + value, 0);

/** The days with questions, newest first: the figures the chart draws, and more, as a table. */
export function AnalyticsDayTable({ days }: { days: AnalyticsDay[] }) {
  const { t, i18n } = useTranslation('analytics');
  const number = new Intl.NumberFormat(i18n.language);
  const dayName = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  const used = days.filter((day) => sum(day.questions) > 0 || sum(day.conversations) > 0).reverse();
  /** A per-channel total, with its channels in a tooltip. */
  const byChannel = (values: Record<string, number>) => (
    <Tooltip title={analyticsChannels.map((channel) => `${t(`channels.${channel}`)}: ${number.format(values[channel] ?? 0)}`).join(' · ')}>
      <span tabIndex={0}>{number.format(sum(values))}</span>
    </Tooltip>
  );
  const columns: TableColumnsType<AnalyticsDay> = [
    { key: 'day', title: t('table.day'), dataIndex: 'day', render: (day: string) => dayName.format(new Date(`${day}T00:00:00Z`)), fixed: 'left' },
    { key: 'conversations', title: t('table.conversations'), align: 'right', render: (_, day) => byChannel(day.conversations) },
    { key: 'questions', title: t('table.questions'), align: 'right', render: (_, day) => byChannel(day.questions) },
    { key: 'users', title: t('table.users'), dataIndex: 'users', align: 'right', render: (value: number) => number.format(value) },
    { key: 'visitors', title: t('table.visitors'), dataIndex: 'visitors', align: 'right', render: (value: number) => number.format(value) },
    { key: 'done', title: t('table.done'), align: 'right', render: (_, day) => number.format(day.answers.done) },
    { key: 'stopped', title: t('table.stopped'), align: 'right', render: (_, day) => number.format(day.answers.stopped) },
    { key: 'error', title: t('table.error'), align: 'right', render: (_, day) => number.format(day.answers.error) },
    { key: 'thumbs', title: t('table.thumbs'), align: 'right', render: (_, day) => `${number.format(day.good)} / ${number.format(day.bad)}` },
    { key: 'tokens', title: t('table.tokens'), align: 'right', render: (_, day) => number.format(day.promptTokens + day.completionTokens) },
  ];
  return (
    <section className="analytics-section" aria-labelledby="analytics-days">
      <h2 id="analytics-days">{t('table.title')}</h2>
      <p className="analytics-section__note">{t('table.note')}</p>
      <Table<AnalyticsDay> rowKey="day" size="small" columns={columns} dataSource={used} pagination={false} scroll={{ x: 'max-content' }} />
    </section>
  );
}
