import { Column, Line } from '@ant-design/plots';
import type { DashboardDay } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { useChartTheme } from '../../../components/charts/chart-frame';
import { dashboardFormat, type DashboardFormat } from './format';

const height = 220;

/** How answers ended, in colours read the same in both themes. */
const statusColours = { done: '#52c41a', stopped: '#faad14', error: '#ff4d4f', refused: '#9254de' } as const;
const statuses = ['done', 'stopped', 'error', 'refused'] as const;

interface Point {
  day: string;
  series: string;
  value: number;
}

/** What every chart shares: the theme, day labels that thin out when crowded, whole-number ticks. */
function common(format: DashboardFormat, theme: 'classic' | 'classicDark', whole = true) {
  return {
    xField: 'day',
    yField: 'value',
    colorField: 'series',
    height,
    autoFit: true,
    theme,
    axis: {
      x: { title: false, labelAutoRotate: false, labelAutoHide: true },
      y: { title: false, tickCount: 4, labelFormatter: (value: number) => (whole && !Number.isInteger(value) ? '' : format.compact(value)) },
    },
    legend: { color: { position: 'top' as const, layout: { justifyContent: 'flex-start' } } },
  };
}

function ChartFigure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <figure className="dashboard-chart" aria-label={label}>
      <figcaption className="dashboard-chart__caption">{label}</figcaption>
      {children}
    </figure>
  );
}

/**
 * The 30 days drawn: answers by how they ended, people, tokens and the wait for the first word.
 * Loaded with its chart library on the dashboard only; the day-by-day table holds the same figures.
 */
export default function DashboardCharts({ days }: { days: DashboardDay[] }) {
  const { t, i18n } = useTranslation('consoleDashboard');
  const theme = useChartTheme();
  const format = dashboardFormat(i18n.language);
  const points = (series: Record<string, (day: DashboardDay) => number | null>): Point[] =>
    days.flatMap((day) =>
      Object.entries(series).flatMap(([name, pick]) => {
        const value = pick(day);
        return value === null ? [] : [{ day: format.shortDay(day.day), series: name, value }];
      }),
    );

  const answers = points(Object.fromEntries(statuses.map((status) => [t(`answers.${status}`), (day: DashboardDay) => day.answers[status]])));
  const people = points({
    [t('charts.newVisitors')]: (day) => day.newVisitors,
    [t('charts.askingVisitors')]: (day) => day.askingVisitors,
    [t('charts.signUps')]: (day) => day.signUps,
  });
  const tokens = points({ [t('charts.promptTokens')]: (day) => day.promptTokens, [t('charts.completionTokens')]: (day) => day.completionTokens });
  const waits = points({ p50: (day) => day.firstToken.p50Ms, p95: (day) => day.firstToken.p95Ms });

  return (
    <div className="dashboard-charts">
      <ChartFigure label={t('charts.answersLabel')}>
        <Column
          {...common(format, theme)}
          data={answers}
          stack
          scale={{ color: { domain: statuses.map((status) => t(`answers.${status}`)), range: statuses.map((status) => statusColours[status]) } }}
          style={{ maxWidth: 16 }}
        />
      </ChartFigure>
      <ChartFigure label={t('charts.peopleLabel')}>
        <Line {...common(format, theme)} data={people} />
      </ChartFigure>
      <ChartFigure label={t('charts.tokensLabel')}>
        <Column {...common(format, theme)} data={tokens} stack style={{ maxWidth: 16 }} />
      </ChartFigure>
      <ChartFigure label={t('charts.firstTokenLabel')}>
        <Line
          {...common(format, theme, false)}
          data={waits}
          point={{ shapeField: 'circle', sizeField: 2 }}
          axis={{ ...common(format, theme).axis, y: { title: false, tickCount: 4, labelFormatter: (value: number) => format.wait(value) } }}
        />
      </ChartFigure>
    </div>
  );
}
