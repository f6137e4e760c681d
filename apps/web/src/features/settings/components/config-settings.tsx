import { defaultUserSettings } from '@parley/contracts';
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
  const none = t('config.none');

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
          <Descriptions column={1} size="small" bordered className="settings-config">
            <Descriptions.Item label={t('config.provider')}>
              {config.data.provider === 'offline' ? t('config.offline') : t('config.openai')}
            </Descriptions.Item>
            <Descriptions.Item label={t('config.model')}>{config.data.model}</Descriptions.Item>
            <Descriptions.Item label={t('config.api')}>{config.data.apiBaseUrl ?? none}</Descriptions.Item>
            <Descriptions.Item label={t('config.reverseProxy')}>{config.data.reverseProxy ?? none}</Descriptions.Item>
            <Descriptions.Item label={t('config.timeout')}>{t('config.seconds', { count: config.data.timeoutMs / 1000 })}</Descriptions.Item>
            <Descriptions.Item label={t('config.socks')}>{config.data.socksProxy ?? none}</Descriptions.Item>
            <Descriptions.Item label={t('config.httpsProxy')}>{config.data.httpsProxy ?? none}</Descriptions.Item>
            <Descriptions.Item label={t('config.balance')}>{config.data.balance ?? t('config.balanceNotReported')}</Descriptions.Item>
          </Descriptions>
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
