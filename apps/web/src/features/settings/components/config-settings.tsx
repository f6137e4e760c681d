import { defaultUserSettings, type ChatConfigData } from '@parley/contracts';
import { Alert, Button, Descriptions, Popconfirm, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { settingsStore } from '../../../stores/settings-store';
import { useChatConfig } from '../api/get-chat-config';
import { UsageChart } from './usage-chart';

/** What POST /config says (no secrets in it), this month's usage, and reset of the user info. */
export function ConfigSettings() {
  const { t } = useTranslation('settings');
  const config = useChatConfig();

  function resetUserInfo() {
    const { avatarUrl, name, description } = defaultUserSettings;
    settingsStore.setState({ avatarUrl, name, description });
    notify.success(t('messages.resetSuccess'));
  }

  return (
    <div className="settings-section">
      {config.isPending && <Skeleton active paragraph={{ rows: 6 }} />}
      {config.isError && (
        <Alert
          type="error"
          showIcon
          title={t('config.loadError')}
          action={
            <Button size="small" onClick={() => void config.refetch()}>
              {t('actions.retry')}
            </Button>
          }
        />
      )}
      {config.data && (
        <>
          <ConfigTable data={config.data} />
          <h3 className="settings-section__heading">{t('config.usage')}</h3>
          {config.data.usage ? <UsageChart month={config.data.usage.month} days={config.data.usage.days} /> : <p>{t('config.usageUnknown')}</p>}
        </>
      )}
      <div className="settings-row">
        <span>{t('config.resetUserInfoHint')}</span>
        <Popconfirm title={t('config.resetUserInfoConfirm')} okText={t('actions.confirm')} cancelText={t('actions.cancel')} onConfirm={resetUserInfo}>
          <Button danger>{t('config.resetUserInfo')}</Button>
        </Popconfirm>
      </div>
    </div>
  );
}

/** The model service as /config describes it; its addresses and proxies only for operators. */
function ConfigTable({ data }: { data: ChatConfigData }) {
  const { t } = useTranslation('settings');
  const none = t('config.none');
  // base URLs and proxies may be internal addresses: the server sends them to operators only
  const endpoint = (value: string | null) =>
    data.endpointsShown ? (value ?? none) : <span className="settings-config__hidden">{t('config.operatorsOnly')}</span>;
  return (
    <Descriptions column={1} size="small" bordered className="settings-config">
      <Descriptions.Item label={t('config.provider')}>
        {data.provider === 'offline' ? t('config.offline') : t('config.openai')}
      </Descriptions.Item>
      <Descriptions.Item label={t('config.model')}>{data.model}</Descriptions.Item>
      <Descriptions.Item label={t('config.api')}>{endpoint(data.apiBaseUrl)}</Descriptions.Item>
      <Descriptions.Item label={t('config.reverseProxy')}>{endpoint(data.reverseProxy)}</Descriptions.Item>
      <Descriptions.Item label={t('config.timeout')}>{t('config.seconds', { count: data.timeoutMs / 1000 })}</Descriptions.Item>
      <Descriptions.Item label={t('config.socks')}>{endpoint(data.socksProxy)}</Descriptions.Item>
      <Descriptions.Item label={t('config.httpsProxy')}>{endpoint(data.httpsProxy)}</Descriptions.Item>
      <Descriptions.Item label={t('config.balance')}>{data.balance ?? t('config.balanceNotReported')}</Descriptions.Item>
    </Descriptions>
  );
}
