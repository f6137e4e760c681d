import { upstreamErrorKinds, type DashboardData } from '@parley/contracts';
import { Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { dashboardFormat } from './format';

export type DashboardPeriod = 'today' | 'period';

type ModelRow = DashboardData['tokensByModel'][number];
type KindRow = DashboardData['errorsByKind'][number];

/** Tokens of each model in the period, most used first; models unused in it are left out. */
export function TokensByModel({ rows, period }: { rows: ModelRow[]; period: DashboardPeriod }) {
  const { t, i18n } = useTranslation('consoleDashboard');
  const format = dashboardFormat(i18n.language);
  const total = (row: ModelRow) => row[period].promptTokens + row[period].completionTokens;
  const used = rows.filter((row) => total(row) > 0).sort((a, b) => total(b) - total(a));
  const columns: TableColumnsType<ModelRow> = [
    { key: 'model', title: t('models.model'), dataIndex: 'model', render: (model: string) => <code className="dashboard__model">{model}</code> },
    { key: 'prompt', title: t('models.prompt'), align: 'right', render: (_, row) => format.count(row[period].promptTokens) },
    { key: 'completion', title: t('models.completion'), align: 'right', render: (_, row) => format.count(row[period].completionTokens) },
  ];
  return (
    <section className="dashboard-section" aria-labelledby="dashboard-models">
      <h2 id="dashboard-models">{t('models.title')}</h2>
      <Table<ModelRow>
        rowKey="model"
        size="small"
        columns={columns}
        dataSource={used}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('models.none') }}
      />
    </section>
  );
}

/** Failed answers by why, the model service's apart from this site's own. */
export function ErrorsByKind({ rows, period }: { rows: KindRow[]; period: DashboardPeriod }) {
  const { t, i18n } = useTranslation('consoleDashboard');
  const format = dashboardFormat(i18n.language);
  const happened = rows.filter((row) => row[period] > 0).sort((a, b) => b[period] - a[period]);
  const upstream = new Set<string>(upstreamErrorKinds);
  const columns: TableColumnsType<KindRow> = [
    {
      key: 'kind',
      title: t('errors.kind'),
      render: (_, row) => (
        <span className="dashboard__kind">
          {t(`kinds.${row.kind}`)}
          <Tag bordered={false} color={upstream.has(row.kind) ? 'volcano' : 'default'}>
            {upstream.has(row.kind) ? t('errors.upstream') : t('errors.site')}
          </Tag>
        </span>
      ),
    },
    { key: 'count', title: t('errors.count'), align: 'right', render: (_, row) => format.count(row[period]) },
  ];
  return (
    <section className="dashboard-section" aria-labelledby="dashboard-errors">
      <h2 id="dashboard-errors">{t('errors.title')}</h2>
      <Table<KindRow>
        rowKey="kind"
        size="small"
        columns={columns}
        dataSource={happened}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('errors.none') }}
      />
    </section>
  );
}
