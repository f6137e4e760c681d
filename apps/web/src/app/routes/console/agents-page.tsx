import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/layout/page-shell';
import { AgentsView } from '../../../features/admin-agents';

export default function ConsoleAgentsPage() {
  const { t } = useTranslation('console');
  return (
    <PageShell title={t('nav.agents')}>
      <AgentsView />
    </PageShell>
  );
}
