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

/** The y scale from 0; a few ticks of whole numbers while the counts are small. */
function yScale(points: Point[], stacked: boolean) {
  const totals = new Map<string, number>();
  for (const point of points) totals.set(stacked ? point.day : `${point.day} ${point.series}`, (stacked ? (totals.get(point.day) ?? 0) : 0) + point.value);
  const highest = Math.max(0, ...totals.values());
  return { domainMin: 0, ...(highest < 4 ? { domainMax: 4 } : {}) };
}

function ChartFigure({ label, empty, children }: { label: string; empty: boolean; children: React.ReactNode }) {
  const { t } = useTranslation('consoleDashboard');
  return (
    <figure className="dashboard-chart" aria-label={label}>
      <figcaption className="dashboard-chart__caption">{label}</figcaption>
      {empty ? <p className="dashboard-chart__empty">{t('charts.empty')}</p> : children}
    </figure>
  );
}

const nothing = (points: Point[]) => points.every((point) => point.value === 0);

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
      <ChartFigure label={t('charts.answersLabel')} empty={nothing(answers)}>
        <Column
          {...common(format, theme)}
          data={answers}
          stack
          scale={{
            y: yScale(answers, true),
            color: { domain: statuses.map((status) => t(`answers.${status}`)), range: statuses.map((status) => statusColours[status]) },
          }}
          style={{ maxWidth: 16 }}
        />
      </ChartFigure>
      <ChartFigure label={t('charts.peopleLabel')} empty={nothing(people)}>
        <Line {...common(format, theme)} data={people} scale={{ y: yScale(people, false) }} />
      </ChartFigure>
      <ChartFigure label={t('charts.tokensLabel')} empty={nothing(tokens)}>
        <Column {...common(format, theme)} data={tokens} stack scale={{ y: yScale(tokens, true) }} style={{ maxWidth: 16 }} />
      </ChartFigure>
      <ChartFigure label={t('charts.firstTokenLabel')} empty={waits.length === 0}>
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
