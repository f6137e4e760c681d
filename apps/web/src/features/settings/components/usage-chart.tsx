import type { DayUsage } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { monthDays } from '../lib/month-days';

/** Tokens used per day this month as bars, with the same numbers in a table for screen readers. */
export function UsageChart({ month, days }: { month: string; days: DayUsage[] }) {
  const { t, i18n } = useTranslation('settings');
  const chart = monthDays(month, days);
  const peak = Math.max(1, ...chart.map((day) => day.tokens));
  const number = new Intl.NumberFormat(i18n.language);
  const total = chart.reduce((sum, day) => sum + day.tokens, 0);
  const messages = chart.reduce((sum, day) => sum + day.messages, 0);
  if (total === 0 && messages === 0) return <p className="usage-chart__empty">{t('config.usageNone')}</p>;
  return (
    <figure className="usage-chart">
      <figcaption className="usage-chart__caption">
        {t('config.usageTotal', { tokens: number.format(total), messages: number.format(messages), count: messages })}
      </figcaption>
      <div className="usage-chart__bars" aria-hidden>
        {chart.map((day) => (
          <div
            key={day.day}
            className="usage-chart__bar"
            style={{ height: `${Math.max(day.tokens > 0 ? 4 : 1, (day.tokens / peak) * 100)}%` }}
            title={`${day.day}: ${number.format(day.tokens)}`}
            data-empty={day.tokens === 0 || undefined}
          />
        ))}
      </div>
      <div className="usage-chart__axis" aria-hidden>
        <span>1</span>
        <span>{chart.length}</span>
      </div>
      <table className="visually-hidden">
        <caption>{t('config.usageTable')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('config.day')}</th>
            <th scope="col">{t('config.tokens')}</th>
            <th scope="col">{t('config.messages')}</th>
          </tr>
        </thead>
        <tbody>
          {chart
            .filter((day) => day.tokens > 0 || day.messages > 0)
            .map((day) => (
              <tr key={day.day}>
                <td>{day.day}</td>
                <td>{day.tokens}</td>
                <td>{day.messages}</td>
              </tr>
            ))}
        </tbody>
      </table>
    </figure>
  );
}
