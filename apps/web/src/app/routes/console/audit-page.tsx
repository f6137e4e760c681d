import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/layout/page-shell';
import { AuditLog } from '../../../features/admin-audit';

export default function ConsoleAuditPage() {
  const { t } = useTranslation('console');
  return (
    <PageShell title={t('nav.audit')}>
      <AuditLog />
    </PageShell>
  );
}
