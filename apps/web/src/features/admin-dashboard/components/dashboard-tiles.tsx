import type { DashboardData, DashboardFigures } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { dashboardFormat } from './format';

/** The figures of the period at a glance, each with what it is made of. */
export function DashboardTiles({ figures, now }: { figures: DashboardFigures; now: DashboardData['now'] }) {
  const { t, i18n } = useTranslation('consoleDashboard');
  const format = dashboardFormat(i18n.language);
  const { answers } = figures;
  const ended = answers.done + answers.stopped + answers.error + answers.refused;
  const tiles = [
    { key: 'visitors', value: format.count(figures.newVisitors), detail: t('tiles.visitorsDetail', { asked: format.count(figures.askingVisitors) }) },
    { key: 'signUps', value: format.count(figures.signUps), detail: null },
    { key: 'questions', value: format.count(figures.questions), detail: null },
    {
      key: 'answered',
      value: format.share(answers.done, ended),
      detail: t('tiles.answeredDetail', {
        done: format.count(answers.done),
        stopped: format.count(answers.stopped),
        error: format.count(answers.error),
        refused: format.count(answers.refused),
      }),
    },
    {
      key: 'firstToken',
      value: format.wait(figures.firstToken.p50Ms),
      detail:
        figures.firstToken.measured === 0
          ? t('tiles.firstTokenNone')
          : t('tiles.firstTokenDetail', { p95: format.wait(figures.firstToken.p95Ms), count: figures.firstToken.measured, measured: format.count(figures.firstToken.measured) }),
    },
    {
      key: 'tokens',
      value: format.compact(figures.promptTokens + figures.completionTokens),
      detail: t('tiles.tokensDetail', { prompt: format.count(figures.promptTokens), completion: format.count(figures.completionTokens) }),
    },
    {
      key: 'upstreamErrors',
      value: format.count(figures.upstreamErrors),
      detail: ended === 0 ? null : t('tiles.upstreamErrorsDetail', { share: format.share(figures.upstreamErrors, ended) }),
    },
    {
      key: 'knowledgeJobs',
      value: format.count(figures.knowledgeJobs.queued),
      detail: t('tiles.knowledgeJobsDetail', { failed: format.count(figures.knowledgeJobs.failed), waiting: format.count(now.knowledgeJobsWaiting) }),
    },
    { key: 'unanswered', value: format.count(figures.unanswered), detail: t('tiles.unansweredDetail', { open: format.count(now.unansweredOpen) }) },
  ] as const;
  return (
    <dl className="dashboard-tiles">
      {tiles.map((tile) => (
        <div key={tile.key} className="dashboard-tile">
          <dt>{t(`tiles.${tile.key}`)}</dt>
          <dd>
            <span className="dashboard-tile__value">{tile.value}</span>
            {tile.detail && <span className="dashboard-tile__detail">{tile.detail}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
