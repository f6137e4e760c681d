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

/**
 * The model service as /config describes it. Its addresses and proxies may be internal: the
 * server sends them to operators only, and users are not shown empty rows for them.
 */
function ConfigTable({ data }: { data: ChatConfigData }) {
  const { t } = useTranslation('settings');
  const none = t('config.none');
  const operator = data.endpointsShown;
  // a base URL that is not a provider's own host is a relay: said once, not the address twice
  const relay = data.reverseProxy !== null && data.reverseProxy === data.apiBaseUrl ? t('config.apiIsRelay') : (data.reverseProxy ?? none);
  return (
    <>
      <Descriptions column={1} size="small" bordered className="settings-config">
        <Descriptions.Item label={t('config.provider')}>{data.provider === 'offline' ? t('config.offline') : t('config.openai')}</Descriptions.Item>
        <Descriptions.Item label={t('config.model')}>{data.model}</Descriptions.Item>
        {operator && <Descriptions.Item label={t('config.api')}>{data.apiBaseUrl ?? none}</Descriptions.Item>}
        {operator && <Descriptions.Item label={t('config.reverseProxy')}>{relay}</Descriptions.Item>}
        <Descriptions.Item label={t('config.timeout')}>{t('config.seconds', { count: data.timeoutMs / 1000 })}</Descriptions.Item>
        {operator && <Descriptions.Item label={t('config.socks')}>{data.socksProxy ?? none}</Descriptions.Item>}
        {operator && <Descriptions.Item label={t('config.httpsProxy')}>{data.httpsProxy ?? none}</Descriptions.Item>}
        <Descriptions.Item label={t('config.balance')}>{data.balance ?? t('config.balanceNotReported')}</Descriptions.Item>
      </Descriptions>
      {!operator && <p className="settings-config__hidden">{t('config.operatorsOnly')}</p>}
    </>
  );
}
