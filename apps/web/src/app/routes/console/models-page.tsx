import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/layout/page-shell';
import { ModelsView } from '../../../features/admin-models';

export default function ConsoleModelsPage() {
  const { t } = useTranslation('console');
  return (
    <PageShell title={t('nav.models')}>
      <ModelsView />
    </PageShell>
  );
}
