import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { NotReady } from '../../components/layout/not-ready';
import { PageShell } from '../../components/layout/page-shell';
import { AccountNav } from '../../features/account';
import { useLoginRequired } from '../../features/auth';
import { NotificationCenter } from '../../features/notifications';
import { setShowLogin } from '../../stores/session-store';

/** My messages: needs login; a visitor is offered the login dialog. */
export default function UserMessagePage() {
  const { t } = useTranslation('pages');
  const loggedIn = useLoginRequired();
  return (
    <PageShell title={t('userMessage.title')}>
      <AccountNav />
      {loggedIn ? (
        <NotificationCenter />
      ) : (
        <NotReady description={t('userMessage.needLogin')}>
          <Button type="primary" onClick={() => setShowLogin(true)}>
            {t('layout:footer.login')}
          </Button>
        </NotReady>
      )}
    </PageShell>
  );
}
