import type { ModelsOverview, ModelUse } from '@parley/contracts';
import { Alert, Descriptions, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ServiceCheck } from './service-check';
import { settingsFormat } from './settings-format';

interface ModelRow {
  name: string;
  contextTokens: number | null;
  today: ModelUse;
  configured: boolean;
}

/** The chat model service: where it is, its models with today's answers and failures, and the live check. */
export function ModelServiceSection({ chat }: { chat: ModelsOverview['chat'] }) {
  const { t, i18n } = useTranslation('consoleModels');
  const format = settingsFormat(i18n.language, t);
  const offline = chat.provider === 'offline';
  const rows: ModelRow[] = [
    ...chat.models.map((model) => ({ ...model, configured: true })),
    ...chat.otherModelsToday.map((model) => ({ ...model, contextTokens: null, configured: false })),
  ];
  const columns: TableColumnsType<ModelRow> = [
    {
      key: 'name',
      title: t('models.name'),
      fixed: 'left',
      render: (_, row) => (
        <span className="models-page__model">
          <code>{row.name}</code>
          {row.name === chat.defaultModel && <Tag color="blue">{t('models.default')}</Tag>}
          {!row.configured && <Tag>{t('models.notConfigured')}</Tag>}
        </span>
      ),
    },
    { key: 'context', title: t('models.context'), align: 'right', render: (_, row) => (row.contextTokens === null ? '–' : format.count(row.contextTokens)) },
    { key: 'answers', title: t('models.answersToday'), align: 'right', render: (_, row) => format.count(row.today.answers) },
    { key: 'errors', title: t('models.errorsToday'), align: 'right', render: (_, row) => format.count(row.today.upstreamErrors) },
    {
      key: 'rate',
      title: t('models.errorRate'),
      align: 'right',
      render: (_, row) => (
        <span className={row.today.upstreamErrors > 0 ? 'models-page__rate models-page__rate--bad' : 'models-page__rate'}>
          {format.share(row.today.upstreamErrors, row.today.answers)}
        </span>
      ),
    },
  ];
  const provider = { key: 'provider', label: t('chat.provider'), children: t(`chat.providers.${chat.provider}`) };
  // offline, there is no service: its address, key, waits and proxies mean nothing
  const settings = offline
    ? []
    : [
        { key: 'address', label: t('chat.address'), children: format.address(chat.baseUrl) },
        { key: 'key', label: t('chat.apiKey'), children: format.keySet(chat.apiKeySet) },
        { key: 'timeout', label: t('chat.timeout'), children: format.ms(chat.timeoutMs) },
        { key: 'stall', label: t('chat.stallTimeout'), children: format.ms(chat.stallTimeoutMs) },
        { key: 'output', label: t('chat.maxOutput'), children: format.count(chat.maxOutputTokens) },
        { key: 'https', label: t('chat.httpsProxy'), children: format.address(chat.httpsProxy) },
        { key: 'socks', label: t('chat.socksProxy'), children: format.address(chat.socksProxy) },
      ];
  return (
    <section className="models-page__section" aria-labelledby="models-chat">
      <h2 id="models-chat">{t('chat.title')}</h2>
      {offline && <Alert type="info" showIcon className="models-page__alert" title={t('chat.offline')} description={t('chat.connect')} />}
      <Descriptions size="small" column={{ xs: 1, sm: 1, md: 2 }} items={[provider, ...settings]} />
      <h3 className="models-page__subtitle">{t('models.title')}</h3>
      {!offline && <p className="models-page__note">{t('models.note')}</p>}
      <Table<ModelRow> rowKey="name" size="small" columns={columns} dataSource={rows} pagination={false} scroll={{ x: 'max-content' }} />
      {!offline && (
        <>
          <h3 className="models-page__subtitle">{t('check.titleModel')}</h3>
          <p className="models-page__note">{t('check.noteModel')}</p>
          <ServiceCheck service="model" models={chat.models.map((model) => model.name)} defaultModel={chat.defaultModel} />
        </>
      )}
    </section>
  );
}
