import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { setShowLogin } from '../../../stores/session-store';

/** Today's free messages are used up: logging in lets the visitor go on. */
export function QuotaNotice({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('chat');
  return (
    <Alert
      className="chat-notice"
      type="warning"
      showIcon
      title={t('notices.quotaTitle')}
      description={t('notices.quota')}
      closable={{ onClose, 'aria-label': t('notices.close') }}
      action={
        <Button type="primary" size="small" onClick={() => setShowLogin(true)}>
          {t('notices.login')}
        </Button>
      }
    />
  );
}

/** The agent was deleted or hidden: its chat stays readable, nothing new can be sent. */
export function AppUnavailableNotice() {
  const { t } = useTranslation('chat');
  return <Alert className="chat-notice" type="info" showIcon title={t('notices.unavailableTitle')} description={t('notices.unavailable')} />;
}
