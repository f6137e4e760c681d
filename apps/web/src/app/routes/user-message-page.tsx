import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { NotReady } from '../../components/layout/not-ready';
import { PageShell } from '../../components/layout/page-shell';
import { isLoggedIn, setShowLogin, useSession } from '../../stores/session-store';

/** My messages: needs login; a visitor is offered the login dialog. */
export default function UserMessagePage() {
  const { t } = useTranslation('pages');
  const loggedIn = useSession(isLoggedIn);
  return (
    <PageShell title={t('userMessage.title')}>
      {loggedIn ? (
        <NotReady />
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
