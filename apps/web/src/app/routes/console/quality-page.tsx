import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/layout/page-shell';
import { QualityQueue } from '../../../features/admin-quality';
import { MarkdownView } from '../../../features/chat';

export default function ConsoleQualityPage() {
  const { t } = useTranslation('console');
  return (
    <PageShell title={t('nav.quality')}>
      <QualityQueue renderText={(text) => <MarkdownView text={text} />} />
    </PageShell>
  );
}
