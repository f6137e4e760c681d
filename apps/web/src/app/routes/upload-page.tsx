import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageShell } from '../../components/layout/page-shell';
import { KnowledgePageBody } from '../../features/knowledge';

/** /upload/:appId: an agent's knowledge, for its owner. */
export default function UploadPage() {
  const { t } = useTranslation('pages');
  const { appId = '' } = useParams();
  return (
    <PageShell title={t('upload.title')}>
      <KnowledgePageBody key={appId} appId={appId} />
    </PageShell>
  );
}
