import type { ChatAppInfo } from '@parley/contracts';
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

/**
 * Why this chat takes no new questions (deleted by its creator, hidden by an operator, or no
 * longer shared), or, for the owner of an agent an operator hid, that only they can still use it.
 * Old messages stay readable either way.
 */
export function AppUnavailableNotice({ app }: { app: Pick<ChatAppInfo, 'deleted' | 'closedBecause' | 'hiddenByOperator'> }) {
  const { t } = useTranslation('chat');
  if (!app.deleted && app.hiddenByOperator) {
    return <Alert className="chat-notice" type="warning" showIcon title={t('notices.hiddenOwnerTitle')} description={t('notices.hiddenOwner')} />;
  }
  if (!app.deleted) return null;
  const [title, description] =
    app.closedBecause === 'deleted'
      ? [t('notices.deletedTitle'), t('notices.deleted')]
      : app.closedBecause === 'hidden'
        ? [t('notices.hiddenTitle'), t('notices.hidden')]
        : [t('notices.unavailableTitle'), t('notices.unavailable')];
  return <Alert className="chat-notice" type="info" showIcon title={title} description={description} />;
}
