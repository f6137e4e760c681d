import { PlusOutlined } from '@ant-design/icons';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../components/layout/link-button';
import { PageShell } from '../../components/layout/page-shell';
import { LoginRequired, MyAgentsView } from '../../features/agents';
import { useCopyLink } from '../../features/chat-share';
import { routePaths } from '../../lib/route-paths';
import { isLoggedIn, useSession } from '../../stores/session-store';

/** /user/role: my agents (login required). */
export default function UserRolePage() {
  const { t } = useTranslation('agents');
  const loggedIn = useSession(isLoggedIn);
  const copy = useCopyLink();
  const copyLink = useCallback((path: string) => copy(`${window.location.origin}${path}`), [copy]);
  const create = <LinkButton to={routePaths.Create} icon={<PlusOutlined aria-hidden />}>{t('mine.create')}</LinkButton>;
  return (
    <PageShell title={t('pages:userRole.title')} extra={loggedIn ? create : undefined}>
      {loggedIn ? <MyAgentsView copyLink={copyLink} /> : <LoginRequired message={t('login.toSeeMine')} />}
    </PageShell>
  );
}
