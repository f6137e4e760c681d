import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/layout/page-shell';
import { DashboardView } from '../../../features/admin-dashboard';

export default function ConsoleDashboardPage() {
  const { t } = useTranslation('console');
  return (
    <PageShell title={t('nav.dashboard')}>
      <DashboardView />
    </PageShell>
  );
}
