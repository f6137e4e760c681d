import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotReady } from '../../components/layout/not-ready';
import { PageShell } from '../../components/layout/page-shell';

/** Create (/create) and edit (/edit/:appId) share this screen. */
export default function AppEditorPage() {
  const { t } = useTranslation('pages');
  const { appId } = useParams();
  return (
    <PageShell title={appId ? t('edit.title') : t('create.title')}>
      <NotReady />
    </PageShell>
  );
}
