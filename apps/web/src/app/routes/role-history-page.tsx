import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/layout/page-shell';
import { LoginRequired } from '../../features/agents';
import { useLoginRequired } from '../../features/auth';
import { RoleHistory } from '../../features/chat-history';

/** /role/history: the agents I have chatted with. It needs login: a visitor gets the login dialog (spec section 6). */
export default function RoleHistoryPage() {
  const { t } = useTranslation('agents');
  const loggedIn = useLoginRequired();
  return (
    <PageShell title={t('pages:roleHistory.title')}>{loggedIn ? <RoleHistory /> : <LoginRequired message={t('login.toSeeHistory')} />}</PageShell>
  );
}
