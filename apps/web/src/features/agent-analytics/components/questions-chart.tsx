import { Column } from '@ant-design/plots';
import { analyticsChannels, type AnalyticsDay } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { useChartTheme } from '../../../components/charts/chart-frame';

/** Questions a day, stacked by where they came from. Loaded with its chart library on this page only. */
export default function QuestionsChart({ days }: { days: AnalyticsDay[] }) {
  const { t, i18n } = useTranslation('analytics');
  const theme = useChartTheme();
  const day = new Intl.DateTimeFormat(i18n.language, { month: 'numeric', day: 'numeric', timeZone: 'UTC' });
  const count = new Intl.NumberFormat(i18n.language);
  const data = days.flatMap((entry) =>
    analyticsChannels.map((channel) => ({ day: day.format(new Date(`${entry.day}T00:00:00Z`)), channel: t(`channels.${channel}`), questions: entry.questions[channel] })),
  );
  return (
    <Column
      data={data}
      xField="day"
      yField="questions"
      colorField="channel"
      stack
      height={240}
      autoFit
      theme={theme}
      axis={{
        x: { title: false, labelAutoRotate: false, labelAutoHide: true },
        // questions are whole: no ticks between them
        y: { title: false, tickCount: 4, labelFormatter: (value: number) => (Number.isInteger(value) ? count.format(value) : '') },
      }}
      legend={{ color: { position: 'top', layout: { justifyContent: 'flex-start' } } }}
      style={{ maxWidth: 18 }}
    />
  );
}
