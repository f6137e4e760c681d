import type { AgentAnalytics } from '@parley/contracts';
import { useTranslation } from 'react-i18next';

/** The period at a glance: conversations, questions, who asked, answers, thumbs and tokens. */
export function AnalyticsTiles({ totals }: { totals: AgentAnalytics['totals'] }) {
  const { t, i18n } = useTranslation('analytics');
  const number = new Intl.NumberFormat(i18n.language);
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  const sum = (byChannel: Record<string, number>) => Object.values(byChannel).reduce((total, value) => total + value, 0);
  const answers = totals.answers.done + totals.answers.stopped + totals.answers.error;
  const tiles = [
    { key: 'conversations', value: number.format(sum(totals.conversations)), detail: null },
    { key: 'questions', value: number.format(sum(totals.questions)), detail: null },
    {
      key: 'people',
      value: number.format(totals.users + totals.visitors),
      detail: t('tiles.peopleDetail', { users: number.format(totals.users), visitors: number.format(totals.visitors) }),
    },
    {
      key: 'answered',
      value: answers === 0 ? '–' : percent.format(totals.answers.done / answers),
      detail: t('tiles.answeredDetail', { stopped: number.format(totals.answers.stopped), error: number.format(totals.answers.error) }),
    },
    {
      key: 'rating',
      value: totals.good + totals.bad === 0 ? '–' : percent.format(totals.good / (totals.good + totals.bad)),
      detail: t('tiles.ratingDetail', { good: number.format(totals.good), bad: number.format(totals.bad) }),
    },
    {
      key: 'tokens',
      value: new Intl.NumberFormat(i18n.language, { notation: 'compact', maximumFractionDigits: 1 }).format(totals.promptTokens + totals.completionTokens),
      detail: t('tiles.tokensDetail', { prompt: number.format(totals.promptTokens), completion: number.format(totals.completionTokens) }),
    },
  ] as const;
  return (
    <dl className="analytics-tiles">
      {tiles.map((tile) => (
        <div key={tile.key} className="analytics-tile">
          <dt>{t(`tiles.${tile.key}`)}</dt>
          <dd>
            <span className="analytics-tile__value">{tile.value}</span>
            {tile.detail && <span className="analytics-tile__detail">{tile.detail}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
